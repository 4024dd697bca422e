import { useState } from 'react';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { Dialog } from '../../components/Dialog';
import type { UserEntry } from '../../store/state';
import { shownEmail } from '../../store/people-rules';

/**
 * Zulip's "Deactivate user?" confirmation: the person is signed out everywhere and their bots
 * are deactivated too; the administrator may tell them by email, with a comment (Zulip's
 * `deactivation_notification_comment`).
 */
export function DeactivatePersonDialog({ user, onClose }: { user: UserEntry; onClose: () => void }) {
  const actions = useAdminActions();
  const request = useRequest();
  const [notify, setNotify] = useState(false);
  const [comment, setComment] = useState('');
  const confirm = () => void request.run(() => actions.deactivatePerson(user.id, notify ? comment : null)).then((done) => done && onClose());
  return (
    <Dialog
      title={`Deactivate ${user.fullName}?`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button-quiet" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button-danger" disabled={request.busy} onClick={confirm}>
            Deactivate
          </button>
        </>
      }
    >
      <p>
        {user.fullName} ({shownEmail(user)}) will be logged out at once and can no longer sign in. Their bots are deactivated too. You can reactivate them later.
      </p>
      <div className="dialog-form">
        <label className="setting-check">
          <input type="checkbox" checked={notify} onChange={(event) => setNotify(event.target.checked)} />
          Notify this user by email
        </label>
        {notify ? (
          <label className="field">
            A comment for the email (optional)
            <textarea value={comment} maxLength={2000} rows={3} onChange={(event) => setComment(event.target.value)} />
          </label>
        ) : null}
      </div>
      {request.error === null ? null : (
        <p className="dialog-problem" role="alert">
          {request.error}
        </p>
      )}
    </Dialog>
  );
}
