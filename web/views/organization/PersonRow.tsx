import { memo, useState } from 'react';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { Avatar } from '../../components/Avatar';
import type { UserEntry } from '../../store/state';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from '../settings/FieldMessage';
import { DeactivatePersonDialog } from './DeactivatePersonDialog';
import { EditPersonDialog } from './EditPersonDialog';
import { canDeactivate, roleLabel, shownEmail } from '../../store/people-rules';

/** One person of the users list: name, address, role, and an administrator's actions. */
export const PersonRow = memo(function PersonRow({ user, deactivated, admin }: { user: UserEntry; deactivated: boolean; admin: boolean }) {
  const [dialog, setDialog] = useState<'edit' | 'deactivate' | null>(null);
  const deactivatable = useSelector((state) => canDeactivate(state, user));
  const actions = useAdminActions();
  const request = useRequest();
  return (
    <li className="person-row">
      <Avatar userId={user.id} name={user.fullName} url={user.avatarUrl} />
      <span className="settings-list-main">
        <span className="person-name">{user.fullName}</span>
        <span className="settings-list-meta"> {shownEmail(user)}</span>
      </span>
      <span className="person-role" aria-label={`Role of ${user.fullName}`}>
        {roleLabel(user.role)}
      </span>
      {!admin ? null : deactivated ? (
        <div className="button-row">
          <button type="button" className="button-quiet" aria-label={`Reactivate ${user.fullName}`} disabled={request.busy} onClick={() => void request.run(() => actions.reactivatePerson(user.id))}>
            Reactivate
          </button>
        </div>
      ) : (
        <div className="button-row">
          <button type="button" className="button-quiet" aria-label={`Edit ${user.fullName}`} onClick={() => setDialog('edit')}>
            Edit
          </button>
          {deactivatable ? (
            <button type="button" className="button-quiet button-danger" aria-label={`Deactivate ${user.fullName}`} onClick={() => setDialog('deactivate')}>
              Deactivate
            </button>
          ) : null}
        </div>
      )}
      <FieldMessage id={`person-${user.id}-message`} error={request.error} />
      {dialog === 'edit' ? <EditPersonDialog user={user} onClose={() => setDialog(null)} /> : null}
      {dialog === 'deactivate' ? <DeactivatePersonDialog user={user} onClose={() => setDialog(null)} /> : null}
    </li>
  );
});
