import { useId } from 'react';
import { useRealmSetting, useSetting, type SettingControl } from '../../app/use-setting';
import { describedByOf, RowFooter } from './FieldMessage';

/** A yes/no setting's row, changed as soon as it is ticked; a refusal shows the server's words beside it. */
export function ToggleRow({ label, control, note }: { label: string; control: SettingControl; note?: string }) {
  const id = useId();
  const { shown, change, request, editable } = control;
  return (
    <div className="setting-row">
      <label className="setting-check">
        <input
          type="checkbox"
          checked={shown === true}
          disabled={!editable}
          aria-describedby={describedByOf(id, note, request.error)}
          onChange={(event) => change(event.target.checked)}
        />
        {label}
      </label>
      <RowFooter id={id} note={note} error={request.error} />
    </div>
  );
}

/** A yes/no personal setting. */
export function SettingToggle({ name, label }: { name: string; label: string }) {
  return <ToggleRow label={label} control={useSetting(name)} />;
}

/** A yes/no realm setting; read-only for members. */
export function RealmToggle({ name, label, note }: { name: string; label: string; note?: string }) {
  return <ToggleRow label={label} control={useRealmSetting(name)} note={note} />;
}
