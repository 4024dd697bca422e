import { rankByName } from '../app/autocomplete';
import { MAX_SUGGESTIONS } from '../app/use-completions';
import type { ClientState } from '../store/state';
import { useSelector } from '../store/use-store';
import { PillPicker } from './PillPicker';

const selectUsers = (state: ClientState) => state.users;

/** A new direct message's people: a pill for each, and a field to type more names into. */
export function RecipientPicker({ userIds, onChange }: { userIds: readonly number[]; onChange: (userIds: number[]) => void }) {
  const users = useSelector(selectUsers);
  return (
    <div className="recipient-picker">
      <PillPicker
        pills={userIds.map((id) => ({ key: String(id), label: users[id]?.fullName ?? 'Unknown user' }))}
        pillsLabel="Recipients"
        fieldLabel="Add a recipient"
        listLabel="People"
        placeholder={userIds.length === 0 ? 'Type a name' : 'Add another'}
        suggest={(query) =>
          rankByName(
            Object.values(users).filter((user) => !userIds.includes(user.id)),
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
