import { useId } from 'react';
import { useSetting } from '../../app/use-setting';
import { FieldMessage } from './FieldMessage';

/** A yes/no personal setting, changed as soon as it is ticked; a refusal shows the server's words beside it. */
export function SettingToggle({ name, label }: { name: string; label: string }) {
  const { shown, change, request } = useSetting(name);
  const id = useId();
  return (
    <div className="setting-row">
      <label className="setting-check">
        <input
          type="checkbox"
          checked={shown === true}
          aria-describedby={request.error === null ? undefined : `${id}-message`}
          onChange={(event) => change(event.target.checked)}
        />
        {label}
      </label>
      <FieldMessage id={`${id}-message`} error={request.error} />
    </div>
  );
}
