import { useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { applyCompletion, findTrigger } from '../app/autocomplete';
import { useMessageCompletions } from '../app/use-completions';
import { useTypeahead } from '../app/use-typeahead';
import { SuggestionList } from './SuggestionList';

interface MessageTextareaProps {
  textarea: RefObject<HTMLTextAreaElement | null>;
  value: string;
  placeholder: string;
  /** Channel messages offer the channel and topic wildcards; DMs only `all`/`everyone`. */
  inChannel: boolean;
  onChange: (text: string) => void;
  /** Keys the typeahead did not take (Enter to send, Escape to close). */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  /** Files pasted into the field (to upload). */
  onPaste: (files: File[]) => void;
  /** Where the cursor goes after the next change made from outside (an insert). */
  cursorAfter: RefObject<number | null>;
}

/**
 * The message field, with Zulip's typeahead: `@` people, groups and wildcards, `#` channels
 * (`#**channel>` then topics), `:` emoji. The field keeps its textbox role; the list is tied
 * to it by `aria-controls` and `aria-activedescendant`.
 */
export function MessageTextarea({ textarea, value, placeholder, inChannel, onChange, onKeyDown, onPaste, cursorAfter }: MessageTextareaProps) {
  const [cursor, setCursor] = useState<number | null>(null);
  const trigger = cursor === null ? null : findTrigger(value, cursor);
  const suggestions = useMessageCompletions(trigger, inChannel);
  const triggerKey = trigger === null ? null : `${trigger.kind}:${trigger.start}:${trigger.query}`;
  const typeahead = useTypeahead(suggestions, triggerKey, (replacement) => {
    if (trigger === null || cursor === null) return;
    const next = applyCompletion(value, cursor, trigger.start, replacement);
    cursorAfter.current = next.cursor;
    onChange(next.text);
  });

  const lastValue = useRef(value);
  useLayoutEffect(() => {
    const field = textarea.current;
    if (field === null || lastValue.current === value) return;
    lastValue.current = value;
    const at = cursorAfter.current;
    if (at === null) return;
    cursorAfter.current = null;
    field.focus();
    field.setSelectionRange(at, at);
    setCursor(at);
  }, [value, textarea, cursorAfter]);

  return (
    <div className="compose-field">
      <SuggestionList typeahead={typeahead} label="Suggestions" placement="above" />
      <textarea
        ref={textarea}
        aria-label="Message"
        className="compose-text"
        rows={3}
        value={value}
        placeholder={placeholder}
        {...typeahead.fieldProps}
        onChange={(event) => {
          setCursor(event.target.selectionStart);
          onChange(event.target.value);
        }}
        onSelect={(event) => setCursor(event.currentTarget.selectionStart === event.currentTarget.selectionEnd ? event.currentTarget.selectionStart : null)}
        onBlur={() => setCursor(null)}
        onPaste={(event) => {
          const files = [...event.clipboardData.files];
          if (files.length === 0) return;
          event.preventDefault();
          onPaste(files);
        }}
        onKeyDown={(event) => {
          if (typeahead.onKeyDown(event)) return;
          onKeyDown(event);
        }}
      />
    </div>
  );
}
