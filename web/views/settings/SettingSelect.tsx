import { useEffect, useId, useState } from 'react';
import { useSettingsActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from './FieldMessage';

export interface Choice {
  readonly value: string | number | boolean;
  readonly label: string;
}

/** A personal setting with a few values, read from the store like SettingToggle. */
export function SettingSelect({ name, label, choices }: { name: string; label: string; choices: readonly Choice[] }) {
  const value = useSelector((state) => state.settings[name]);
  const actions = useSettingsActions();
  const request = useRequest();
  const [asked, setAsked] = useState<Choice['value'] | null>(null);
  const id = useId();
  // What was asked shows until the store has it (its event), or the server refuses.
  useEffect(() => {
    if (asked !== null && (asked === value || request.error !== null)) setAsked(null);
  }, [asked, value, request.error]);
  const shown = asked ?? value;
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
          if (choice === undefined) return;
          setAsked(choice.value);
          void request.run(() => actions.updateSettings({ [name]: choice.value }));
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
