import { useId, useState } from 'react';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { isRealmAdmin, isRealmOwner } from '../../store/permissions';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from '../settings/FieldMessage';

/** A limit's unit: how many stored units one of it is (60 seconds to a minute), and its name. */
export interface LimitUnit {
  readonly size: number;
  readonly name: string;
}

export interface LimitRowProps {
  /** The realm property (`message_content_edit_limit_seconds`, `message_retention_days`, ...). */
  readonly name: string;
  readonly label: string;
  /** The stored values offered by name, besides "no limit" and a custom value. */
  readonly presets: readonly { readonly value: number; readonly label: string }[];
  /** What the realm stores for "no limit" (null for time limits, -1 for retention). */
  readonly unlimited: number | null;
  readonly unlimitedLabel: string;
  readonly unit: LimitUnit;
  readonly ownerOnly?: boolean;
  /** False while the limit does not apply (editing not allowed, say): shown, not changeable. */
  readonly applies?: boolean;
}

const CUSTOM = 'custom';
const UNLIMITED = 'unlimited';

/**
 * A limit as Zulip's settings offer it: "Any time" (or "Retain forever"), a few presets, or
 * a custom number of minutes (or days), saved when the number is left or on Enter. The
 * server takes the word `unlimited` for no limit.
 */
export function LimitRow({ name, label, presets, unlimited, unlimitedLabel, unit, ownerOnly = false, applies = true }: LimitRowProps) {
  const stored = useSelector((state) => state.realm[name]);
  const allowed = useSelector(ownerOnly ? isRealmOwner : isRealmAdmin);
  const actions = useAdminActions();
  const request = useRequest();
  const id = useId();
  const [customChosen, setCustomChosen] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const editable = allowed && applies;
  const value = typeof stored === 'number' ? stored : null;
  const isUnlimited = value === unlimited || value === null;
  const preset = presets.some((entry) => entry.value === value);
  const mode = customChosen ? CUSTOM : isUnlimited ? UNLIMITED : preset ? String(value) : CUSTOM;
  const save = (wire: number | string) => void request.run(() => actions.updateRealm({ [name]: wire }));
  const storedText = !isUnlimited && value !== null ? String(value / unit.size) : '';

  const saveText = () => {
    if (text === null) return;
    const number = Number(text);
    // What the person typed goes to the server as it is read; a bad value gets the server's words.
    if (text.trim() !== storedText) save(Number.isFinite(number) && text.trim() !== '' ? Math.round(number * unit.size) : text);
    setText(null);
    setCustomChosen(false);
  };

  return (
    <div className="setting-row limit-row">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={mode}
        disabled={!editable}
        aria-describedby={request.error === null ? undefined : `${id}-message`}
        onChange={(event) => {
          const chosen = event.target.value;
          if (chosen === CUSTOM) {
            setCustomChosen(true);
            return;
          }
          setCustomChosen(false);
          save(chosen === UNLIMITED ? 'unlimited' : Number(chosen));
        }}
      >
        <option value={UNLIMITED}>{unlimitedLabel}</option>
        {presets.map((entry) => (
          <option key={entry.value} value={String(entry.value)}>
            {entry.label}
          </option>
        ))}
        <option value={CUSTOM}>Custom</option>
      </select>
      {mode === CUSTOM ? (
        <div className="limit-custom">
          <label htmlFor={`${id}-custom`}>{`${label} (${unit.name})`}</label>
          <input
            id={`${id}-custom`}
            type="number"
            min={1}
            inputMode="numeric"
            readOnly={!editable}
            value={text ?? storedText}
            onChange={(event) => setText(event.target.value)}
            onBlur={saveText}
            onKeyDown={(event) => {
              if (event.key === 'Enter') saveText();
            }}
          />
        </div>
      ) : null}
      <FieldMessage id={`${id}-message`} error={request.error} />
    </div>
  );
}
