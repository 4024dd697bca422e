import { useId, useState } from 'react';
import type { WireProfileField } from '../../api/types';
import { useSettingsActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from './FieldMessage';

/** Zulip's custom profile field types this page edits as text, a list, or a date. */
const LONG_TEXT = 2;
const SELECT = 3;
const DATE = 4;
const URL_FIELD = 5;
const USER = 6;

/** A list field's options (`field_data`: `{"<id>": {"text", "order"}}`), in their order. */
export function optionsOf(field: WireProfileField): { id: string; text: string }[] {
  try {
    const data = JSON.parse(field.field_data) as Record<string, { text?: unknown; order?: unknown }>;
    return Object.entries(data)
      .sort(([, a], [, b]) => Number(a.order) - Number(b.order))
      .map(([id, option]) => ({ id, text: String(option.text) }));
  } catch {
    return [];
  }
}

/** One custom profile field of the person's, saved when it loses focus (or on choosing), as Zulip saves it. */
export function ProfileFieldInput({ field }: { field: WireProfileField }) {
  const stored = useSelector((state) => (state.session === null ? '' : (state.profileData[state.session.userId]?.[field.id] ?? '')));
  const actions = useSettingsActions();
  const request = useRequest();
  const [text, setText] = useState<string | null>(null);
  const id = useId();
  const shown = text ?? stored;
  const save = (value: string) => {
    if (value === stored) {
      setText(null);
      return;
    }
    void request.run(() => actions.setProfileValue(field.id, value)).then((saved) => saved && setText(null));
  };
  const common = {
    id,
    value: shown,
    readOnly: !field.editable_by_user,
    'aria-describedby': `${id}-hint ${id}-message`,
    onChange: (event: { target: { value: string } }) => setText(event.target.value),
    onBlur: () => text !== null && save(text),
  };
  let input;
  if (field.type === SELECT) {
    input = (
      <select {...common} disabled={!field.editable_by_user} onChange={(event) => save(event.target.value)}>
        <option value="">(none)</option>
        {optionsOf(field).map((option) => (
          <option key={option.id} value={option.id}>
            {option.text}
          </option>
        ))}
      </select>
    );
  } else if (field.type === LONG_TEXT) {
    input = <textarea {...common} rows={3} />;
  } else {
    input = <input {...common} type={field.type === DATE ? 'date' : field.type === URL_FIELD ? 'url' : 'text'} />;
  }
  if (field.type === USER) return null;
  return (
    <div className="setting-row">
      <label htmlFor={id}>{field.name}</label>
      {input}
      <p id={`${id}-hint`} className="setting-note">
        {field.hint}
      </p>
      <FieldMessage id={`${id}-message`} error={request.error} />
    </div>
  );
}
