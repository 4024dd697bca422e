import { useEffect, useId, useState } from 'react';
import { useSettingsActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from './FieldMessage';

/**
 * A yes/no personal setting. The value is the store's (the `user_settings` event sets it);
 * while the change is on its way the box shows what was asked, and a refusal puts it back
 * with the server's words beside it.
 */
export function SettingToggle({ name, label }: { name: string; label: string }) {
  const value = useSelector((state) => state.settings[name] === true);
  const actions = useSettingsActions();
  const request = useRequest();
  const [asked, setAsked] = useState<boolean | null>(null);
  const id = useId();
  // What was asked shows until the store has it (its event), or the server refuses.
  useEffect(() => {
    if (asked !== null && (asked === value || request.error !== null)) setAsked(null);
  }, [asked, value, request.error]);
  const shown = asked ?? value;
  return (
    <div className="setting-row">
      <label className="setting-check">
        <input
          type="checkbox"
          checked={shown}
          aria-describedby={request.error === null ? undefined : `${id}-message`}
          onChange={(event) => {
            const next = event.target.checked;
            setAsked(next);
            void request.run(() => actions.updateSettings({ [name]: next }));
          }}
        />
        {label}
      </label>
      <FieldMessage id={`${id}-message`} error={request.error} />
    </div>
  );
}
