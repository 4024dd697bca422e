import { useState } from 'react';
import { useTopicSuggestions } from '../app/use-completions';
import { useTypeahead } from '../app/use-typeahead';
import { SuggestionList } from './SuggestionList';

/** The compose box's topic field, suggesting the channel's known topics as Zulip's does. */
export function TopicInput({ channelId, value, placeholder, onChange }: { channelId: number | null; value: string; placeholder: string; onChange: (topic: string) => void }) {
  const [focused, setFocused] = useState(false);
  const topics = useTopicSuggestions(channelId, focused ? value : null);
  // The topic typed in full is no suggestion.
  const suggestions = topics.filter((topic) => topic.name !== value).map((topic) => ({ key: topic.name, label: topic.name, value: topic.name }));
  const typeahead = useTypeahead(suggestions, focused ? `topic:${channelId ?? ''}:${value}` : null, onChange);
  return (
    <div className="compose-topic-field">
      <input
        aria-label="Topic"
        className="compose-topic"
        value={value}
        placeholder={placeholder}
        maxLength={60}
        autoComplete="off"
        {...typeahead.fieldProps}
        onChange={(event) => onChange(event.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={(event) => void typeahead.onKeyDown(event)}
      />
      <SuggestionList typeahead={typeahead} label="Topics" />
    </div>
  );
}
