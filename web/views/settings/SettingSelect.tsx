import { useId } from 'react';
import { useSetting } from '../../app/use-setting';
import { FieldMessage } from './FieldMessage';

export interface Choice {
  readonly value: string | number | boolean;
  readonly label: string;
}

/** A personal setting with a few values, changed as soon as one is chosen, like SettingToggle. */
export function SettingSelect({ name, label, choices }: { name: string; label: string; choices: readonly Choice[] }) {
  const { shown, change, request } = useSetting(name);
  const id = useId();
  const index = choices.findIndex((choice) => choice.value === shown);
  return (
    <div className="setting-row">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={index < 0 ? '' : String(index)}
        aria-describedby={request.error === null ? undefined : `${id}-message`}
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
      <FieldMessage id={`${id}-message`} error={request.error} />
    </div>
  );
}
