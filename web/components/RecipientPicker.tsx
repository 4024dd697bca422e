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
  /** The pills' and the field's names (a DM's recipients by default; subscribers, members elsewhere). */
  label?: string;
  fieldLabel?: string;
  /** People not to suggest (a channel's subscribers already, say). */
  exclude?: readonly number[];
}

/** People picked by name: a pill for each, and a field to type more names into (a new direct message's, a channel's new subscribers). */
export function RecipientPicker({ userIds, onChange, label = 'Recipients', fieldLabel = 'Add a recipient', exclude = [] }: RecipientPickerProps) {
  const users = useSelector(selectUsers);
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(false);
  const candidates = Object.values(users).filter((user) => !userIds.includes(user.id) && !exclude.includes(user.id));
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
              <button type="button" className="pill-remove" aria-label={`Remove ${name}`} onClick={() => onChange(userIds.filter((known) => known !== id))}>
                ×
              </button>
            </li>
          );
        })}
      </ul>
      <div className="recipient-field">
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
