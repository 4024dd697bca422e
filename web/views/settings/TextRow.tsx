import { useId, useState } from 'react';
import { useRealmSetting, type SettingControl } from '../../app/use-setting';
import { describedByOf, RowFooter } from './FieldMessage';

/**
 * A text setting, saved when the field loses focus or on Enter (a one-line field), as
 * Zulip's settings save; while the person edits, their text shows, then the store's.
 */
export function TextRow({ label, control, multiline = false, maxLength, note }: { label: string; control: SettingControl; multiline?: boolean; maxLength?: number; note?: string }) {
  const { shown, change, request, editable } = control;
  const [text, setText] = useState<string | null>(null);
  const id = useId();
  const stored = typeof shown === 'string' ? shown : '';
  const save = () => {
    if (text !== null && text !== stored) change(text);
    setText(null);
  };
  const common = {
    id,
    value: text ?? stored,
    maxLength,
    readOnly: !editable,
    'aria-describedby': describedByOf(id, note, request.error),
    onChange: (event: { target: { value: string } }) => setText(event.target.value),
    onBlur: save,
  };
  return (
    <div className="setting-row">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={4} />
      ) : (
        <input
          {...common}
          type="text"
          onKeyDown={(event) => {
            if (event.key === 'Enter') save();
          }}
        />
      )}
      <RowFooter id={id} note={note} error={request.error} />
    </div>
  );
}

/** A realm text setting (name, description, ...); read-only for members. */
export function RealmText({ name, label, multiline, maxLength, note }: { name: string; label: string; multiline?: boolean; maxLength?: number; note?: string }) {
  return <TextRow label={label} control={useRealmSetting(name)} multiline={multiline} maxLength={maxLength} note={note} />;
}
