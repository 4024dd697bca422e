import { useId, useState } from 'react';
import { useSettingsActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from './FieldMessage';

/** The person's name as everyone sees it; the `realm_user` event changes it everywhere. */
export function FullNameForm() {
  const name = useSelector((state) => (state.session === null ? '' : (state.users[state.session.userId]?.fullName ?? '')));
  const locked = useSelector((state) => state.session !== null && state.session.nameChangesDisabled && (state.users[state.session.userId]?.role ?? 400) > 200);
  const actions = useSettingsActions();
  const request = useRequest();
  const [text, setText] = useState<string | null>(null);
  const id = useId();
  const shown = text ?? name;
  return (
    <form
      className="setting-form"
      aria-label="Full name"
      onSubmit={(event) => {
        event.preventDefault();
        void request.run(() => actions.updateSettings({ full_name: shown.trim() })).then((saved) => saved && setText(null));
      }}
    >
      <label htmlFor={id}>Name</label>
      <input id={id} value={shown} readOnly={locked} required autoComplete="name" onChange={(event) => setText(event.target.value)} aria-describedby={`${id}-message`} />
      {locked ? <p className="setting-note">Your organization does not let members change their name.</p> : null}
      {!locked ? (
        <button type="submit" className="button-primary" disabled={request.busy || text === null || text.trim() === name}>
          Save name
        </button>
      ) : null}
      <FieldMessage id={`${id}-message`} error={request.error} />
    </form>
  );
}
