import { rankByName } from '../app/autocomplete';
import { MAX_SUGGESTIONS } from '../app/use-completions';
import type { ClientState } from '../store/state';
import { useSelector } from '../store/use-store';
import { PillPicker } from './PillPicker';

const selectUsers = (state: ClientState) => state.users;

interface RecipientPickerProps {
  userIds: readonly number[];
  onChange: (userIds: number[]) => void;
  /** The pills' and the field's names (a profile field's people picker names them after the field; subscribers, members elsewhere). */
  label?: string;
  fieldLabel?: string;
  /** Offer people only, no bots (a people profile field cannot name a bot). */
  humansOnly?: boolean;
  readOnly?: boolean;
  /** People not to suggest (a channel's subscribers already, say). */
  exclude?: readonly number[];
}

/** People as pills, and a field to type more names into: a new direct message's recipients, a people profile field, a channel's new subscribers. */
export function RecipientPicker({ userIds, onChange, label = 'Recipients', fieldLabel = 'Add a recipient', humansOnly = false, readOnly = false, exclude = [] }: RecipientPickerProps) {
  const users = useSelector(selectUsers);
  return (
    <div className="recipient-picker">
      <PillPicker
        pills={userIds.map((id) => ({ key: String(id), label: users[id]?.fullName ?? 'Unknown user' }))}
        pillsLabel={label}
        fieldLabel={fieldLabel}
        listLabel="People"
        placeholder={userIds.length === 0 ? 'Type a name' : 'Add another'}
        editable={!readOnly}
        suggest={(query) =>
          rankByName(
            Object.values(users).filter((user) => !userIds.includes(user.id) && !exclude.includes(user.id) && !(humansOnly && user.isBot)),
            query,
            (user) => [user.fullName, user.email],
            MAX_SUGGESTIONS,
          ).map((user) => ({ key: String(user.id), label: user.fullName, detail: user.email, avatar: { userId: user.id, name: user.fullName, url: user.avatarUrl }, value: user.id }))
        }
        onPick={(id) => onChange([...userIds, id])}
        onRemove={(key) => onChange(userIds.filter((known) => String(known) !== key))}
      />
    </div>
  );
}
