import { useId, useState } from 'react';
import { useSettingsActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from './FieldMessage';
import { ZuliprcLink } from './ZuliprcLink';

/**
 * The person's API key, shown once they give their password again (as Zulip's settings
 * page asks before `fetch_api_key`), with a zuliprc to download. The key stays in this
 * form only while it is open.
 */
export function ApiKeyForm() {
  const email = useSelector((state) => state.session?.deliveryEmail ?? '');
  const actions = useSettingsActions();
  const request = useRequest();
  const [password, setPassword] = useState('');
  const [apiKey, setApiKey] = useState<string | null>(null);
  const id = useId();
  if (apiKey !== null) {
    return (
      <div className="setting-row api-key">
        <p className="setting-value">
          <span className="setting-label" id={`${id}-label`}>
            Your API key
          </span>{' '}
          <code aria-labelledby={`${id}-label`}>{apiKey}</code>
        </p>
        <p className="setting-note">Anyone with this key can act as you. Keep it secret.</p>
        <div className="button-row">
          <ZuliprcLink email={email} apiKey={apiKey} />
          <button type="button" className="button-quiet" onClick={() => setApiKey(null)}>
            Hide API key
          </button>
        </div>
      </div>
    );
  }
  return (
    <form
      className="setting-form"
      aria-label="Show API key"
      onSubmit={(event) => {
        event.preventDefault();
        void request.run(async () => {
          setApiKey(await actions.fetchApiKey(password));
          setPassword('');
        });
      }}
    >
      <label htmlFor={`${id}-password`}>Your password, to show your API key</label>
      <input id={`${id}-password`} type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} aria-describedby={`${id}-message`} />
      <button type="submit" className="button-primary" disabled={request.busy}>
        Show API key
      </button>
      <FieldMessage id={`${id}-message`} error={request.error} />
    </form>
  );
}
