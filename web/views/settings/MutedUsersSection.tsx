import { useSettingsActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from './FieldMessage';

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** People the person muted, newest first, each with Unmute. */
export function MutedUsersSection() {
  const muted = useSelector((state) => state.mutedUsers);
  const names = useSelector((state) => state.users);
  const actions = useSettingsActions();
  const request = useRequest();
  const entries = Object.entries(muted).map(([id, when]) => ({ id: Number(id), when })).sort((a, b) => b.when - a.when);
  if (entries.length === 0) return <p className="settings-empty">You have not muted anyone.</p>;
  return (
    <>
      <ul className="settings-list" aria-label="Muted users">
        {entries.map(({ id, when }) => {
          const name = names[id]?.fullName ?? 'Unknown user';
          return (
            <li key={id}>
              <span className="settings-list-main">{name}</span>
              <span className="settings-list-meta">Muted {DATE.format(new Date(when * 1000))}</span>
              <button type="button" className="button-quiet" aria-label={`Unmute ${name}`} onClick={() => void request.run(() => actions.unmuteUser(id))}>
                Unmute
              </button>
            </li>
          );
        })}
      </ul>
      <FieldMessage id="muted-users-message" error={request.error} />
    </>
  );
}
