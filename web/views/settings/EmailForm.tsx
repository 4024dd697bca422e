import { useId, useState } from 'react';
import { useSettingsActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from './FieldMessage';

/**
 * The person's login address, and a change request where the realm allows one: the server
 * sends a confirmation link to the new address, and the address changes once it is followed.
 */
export function EmailForm() {
  const email = useSelector((state) => state.session?.deliveryEmail ?? '');
  const locked = useSelector((state) => state.session !== null && state.session.emailChangesDisabled && (state.users[state.session.userId]?.role ?? 400) > 200);
  const actions = useSettingsActions();
  const request = useRequest();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const id = useId();
  return (
    <div className="setting-row">
      <p className="setting-value">
        <span className="setting-label">Email</span> <span>{email}</span>
      </p>
      {locked ? <p className="setting-note">Your organization does not let members change their email.</p> : null}
      {!locked && !editing ? (
        <button type="button" className="button-quiet" onClick={() => (setText(email), setEditing(true), request.clear())}>
          Change email
        </button>
      ) : null}
      {editing ? (
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            void request.run(() => actions.updateSettings({ email: text.trim() })).then((sent) => sent && setEditing(false));
          }}
        >
          <label htmlFor={id}>New email</label>
          <input id={id} type="email" value={text} required autoComplete="email" onChange={(event) => setText(event.target.value)} aria-describedby={`${id}-message`} />
          <button type="submit" className="button-primary" disabled={request.busy}>
            Send confirmation
          </button>
          <button type="button" className="button-quiet" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      ) : null}
      <FieldMessage id={`${id}-message`} error={request.error} done={request.done && !editing ? 'Check the new address for a confirmation link.' : null} />
    </div>
  );
}
