import { useState } from 'react';
import { rankByName } from '../app/autocomplete';
import { MAX_SUGGESTIONS } from '../app/use-completions';
import { useTypeahead } from '../app/use-typeahead';
import type { ClientState } from '../store/state';
import { useSelector } from '../store/use-store';
import { SuggestionList } from './SuggestionList';

const selectUsers = (state: ClientState) => state.users;

interface RecipientPickerProps {
  userIds: readonly number[];
  onChange: (userIds: number[]) => void;
  /** The pills' and the field's names (a profile field's people picker names them after the field). */
  label?: string;
  fieldLabel?: string;
  /** Offer people only, no bots (a people profile field cannot name a bot). */
  humansOnly?: boolean;
  readOnly?: boolean;
}

/** A new direct message's people: a pill for each, and a field to type more names into. */
export function RecipientPicker({ userIds, onChange, label = 'Recipients', fieldLabel = 'Add a recipient', humansOnly = false, readOnly = false }: RecipientPickerProps) {
  const users = useSelector(selectUsers);
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(false);
  const candidates = Object.values(users).filter((user) => !userIds.includes(user.id) && !(humansOnly && user.isBot));
  const suggestions =
    !focused || query.trim() === ''
      ? []
      : rankByName(candidates, query, (user) => [user.fullName, user.email], MAX_SUGGESTIONS).map((user) => ({
          key: String(user.id),
          label: user.fullName,
          detail: user.email,
          avatar: { userId: user.id, name: user.fullName, url: user.avatarUrl },
          value: user.id,
        }));
  const typeahead = useTypeahead(suggestions, focused ? `dm:${query}` : null, (id) => {
    setQuery('');
    onChange([...userIds, id]);
  }, true);
  return (
    <div className="recipient-picker">
      <ul className="recipient-pills" aria-label={label}>
        {userIds.map((id) => {
          const name = users[id]?.fullName ?? 'Unknown user';
          return (
            <li key={id} className="recipient-pill">
              {name}
              {readOnly ? null : (
                <button type="button" className="pill-remove" aria-label={`Remove ${name}`} onClick={() => onChange(userIds.filter((known) => known !== id))}>
                  ×
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <div className="recipient-field" hidden={readOnly}>
        <input
          role="combobox"
          aria-label={fieldLabel}
          className="recipient-input"
          value={query}
          placeholder={userIds.length === 0 ? 'Type a name' : 'Add another'}
          autoComplete="off"
          {...typeahead.fieldProps}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (typeahead.onKeyDown(event)) return;
            if (event.key === 'Backspace' && query === '' && userIds.length > 0) onChange(userIds.slice(0, -1));
          }}
        />
        <SuggestionList typeahead={typeahead} label="People" />
      </div>
    </div>
  );
}
