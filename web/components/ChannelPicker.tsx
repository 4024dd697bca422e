import { useState } from 'react';
import { rankByName } from '../app/autocomplete';
import { MAX_SUGGESTIONS } from '../app/use-completions';
import { useTypeahead } from '../app/use-typeahead';
import { selectSidebarChannels } from '../store/selectors';
import { useSelector } from '../store/use-store';
import { SuggestionList } from './SuggestionList';

/** The channel a message goes to: a field showing the picked channel, typed into to find another. */
export function ChannelPicker({ channelId, onPick }: { channelId: number | null; onPick: (channelId: number) => void }) {
  const channels = useSelector(selectSidebarChannels);
  const picked = channels.find((channel) => channel.id === channelId);
  const [query, setQuery] = useState<string | null>(null);
  const shown = query ?? picked?.name ?? '';
  const suggestions =
    query === null
      ? []
      : rankByName(channels, query, (channel) => [channel.name], MAX_SUGGESTIONS).map((channel) => ({
          key: String(channel.id),
          label: channel.name,
          glyph: channel.inviteOnly ? '🔒' : '#',
          value: channel.id,
        }));
  const typeahead = useTypeahead(suggestions, query === null ? null : `channel:${query}`, (id) => {
    setQuery(null);
    onPick(id);
  }, true);
  return (
    <div className="compose-channel-field">
      <span className="compose-channel-hash" aria-hidden="true">
        {picked?.inviteOnly === true ? '🔒' : '#'}
      </span>
      <input
        role="combobox"
        aria-label="Channel"
        className="compose-channel"
        value={shown}
        placeholder="Channel"
        autoComplete="off"
        {...typeahead.fieldProps}
        onFocus={(event) => {
          event.target.select();
          setQuery('');
        }}
        onBlur={() => setQuery(null)}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => void typeahead.onKeyDown(event)}
      />
      <SuggestionList typeahead={typeahead} label="Channels" />
    </div>
  );
}
