import { useId, useState } from 'react';
import { useSettingsActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { FieldMessage } from './FieldMessage';

/**
 * Changing the password: the current one and the new one. The server ends the person's
 * other sessions and keeps this one (docs/accounts.md, "Signing in and sessions"); were it to end
 * this one too, the next request's 401 takes the page to the log-in form.
 */
export function PasswordForm() {
  const actions = useSettingsActions();
  const request = useRequest();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const id = useId();
  return (
    <form
      className="setting-form"
      aria-label="Change password"
      onSubmit={(event) => {
        event.preventDefault();
        void request.run(() => actions.changePassword(oldPassword, newPassword)).then((changed) => {
          if (!changed) return;
          setOldPassword('');
          setNewPassword('');
        });
      }}
    >
      <label htmlFor={`${id}-old`}>Current password</label>
      <input id={`${id}-old`} type="password" autoComplete="current-password" required value={oldPassword} onChange={(event) => setOldPassword(event.target.value)} />
      <label htmlFor={`${id}-new`}>New password</label>
      <input id={`${id}-new`} type="password" autoComplete="new-password" required value={newPassword} onChange={(event) => setNewPassword(event.target.value)} aria-describedby={`${id}-message`} />
      <button type="submit" className="button-primary" disabled={request.busy}>
        Change password
      </button>
      <FieldMessage id={`${id}-message`} error={request.error} done={request.done ? 'Your password was changed. Other sessions were signed out.' : null} />
    </form>
  );
}
