import { useState } from 'react';
import { useTypeahead, type Suggestion } from '../app/use-typeahead';
import { SuggestionList } from './SuggestionList';

export interface Pill {
  readonly key: string;
  readonly label: string;
}

/**
 * Pills and a field to type more into, as Zulip's pill widgets: suggestions for what is
 * typed (`suggest`, given the query), arrows and Enter to pick, a pill's × or Backspace in
 * the empty field to remove. Read-only (`editable` false), it shows the pills alone.
 */
export function PillPicker<T>({
  pills,
  suggest,
  onPick,
  onRemove,
  pillsLabel,
  fieldLabel,
  listLabel,
  placeholder,
  editable = true,
  describedBy,
  suggestEmpty = false,
}: {
  pills: readonly Pill[];
  /** The pills' list's name ("Recipients"). */
  pillsLabel: string;
  suggest: (query: string) => readonly Suggestion<T>[];
  onPick: (value: T) => void;
  onRemove: (key: string) => void;
  fieldLabel: string;
  listLabel: string;
  placeholder?: string;
  editable?: boolean;
  describedBy?: string;
  /** Whether the list opens on focus, before anything is typed (for a short list of choices). */
  suggestEmpty?: boolean;
}) {
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(false);
  // After a pick the list stays closed until the person types again or comes back to the field.
  const [picked, setPicked] = useState(false);
  const suggestions = !focused || (query.trim() === '' && (!suggestEmpty || picked)) ? [] : suggest(query.trim());
  const typeahead = useTypeahead(suggestions, focused ? `pill:${query}` : null, (value) => {
    setQuery('');
    setPicked(true);
    onPick(value);
  }, true);
  return (
    <div className={`pill-picker${editable ? '' : ' pill-picker-read-only'}`}>
      <ul className="pill-list" aria-label={pillsLabel}>
        {pills.map((pill) => (
          <li key={pill.key} className="pill">
            {pill.label}
            {editable ? (
              <button type="button" className="pill-remove" aria-label={`Remove ${pill.label}`} onClick={() => onRemove(pill.key)}>
                ×
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {editable ? (
        <div className="pill-field">
          <input
            role="combobox"
            aria-label={fieldLabel}
            aria-describedby={describedBy}
            className="pill-input"
            value={query}
            placeholder={placeholder}
            autoComplete="off"
            {...typeahead.fieldProps}
            onFocus={() => {
              setFocused(true);
              setPicked(false);
            }}
            onBlur={() => setFocused(false)}
            onChange={(event) => {
              setQuery(event.target.value);
              setPicked(false);
            }}
            onKeyDown={(event) => {
              if (typeahead.onKeyDown(event)) return;
              const last = pills[pills.length - 1];
              if (event.key === 'Backspace' && query === '' && last !== undefined) onRemove(last.key);
            }}
          />
          <SuggestionList typeahead={typeahead} label={listLabel} />
        </div>
      ) : null}
    </div>
  );
}
