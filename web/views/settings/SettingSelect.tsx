import { useId } from 'react';
import { useRealmSetting, useSetting, type SettingControl } from '../../app/use-setting';
import { describedByOf, RowFooter } from './FieldMessage';

export interface Choice {
  readonly value: string | number | boolean | null;
  readonly label: string;
}

/** A setting with a few values, changed as soon as one is chosen, like ToggleRow. */
export function SelectRow({ label, control, choices, note }: { label: string; control: SettingControl; choices: readonly Choice[]; note?: string }) {
  const { shown, change, request, editable } = control;
  const id = useId();
  const index = choices.findIndex((choice) => choice.value === shown);
  return (
    <div className="setting-row">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={index < 0 ? '' : String(index)}
        disabled={!editable}
        aria-describedby={describedByOf(id, note, request.error)}
        onChange={(event) => {
          const choice = choices[Number(event.target.value)];
          if (choice !== undefined) change(choice.value);
        }}
      >
        {index < 0 ? <option value="">{String(shown ?? '')}</option> : null}
        {choices.map((choice, position) => (
          <option key={String(choice.value)} value={String(position)}>
            {choice.label}
          </option>
        ))}
      </select>
      <RowFooter id={id} note={note} error={request.error} />
    </div>
  );
}

/** A personal setting with a few values. */
export function SettingSelect({ name, label, choices }: { name: string; label: string; choices: readonly Choice[] }) {
  return <SelectRow label={label} control={useSetting(name)} choices={choices} />;
}

/** A realm setting with a few values; read-only for members. */
export function RealmSelect({ name, label, choices, note }: { name: string; label: string; choices: readonly Choice[]; note?: string }) {
  return <SelectRow label={label} control={useRealmSetting(name)} choices={choices} note={note} />;
}
