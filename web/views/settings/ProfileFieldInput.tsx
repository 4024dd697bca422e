import { useId, useState } from 'react';
import type { WireProfileField } from '../../api/types';
import { choicesOf, externalAccountOf, FIELD_TYPE, personIdsOf, templatesOf } from '../../app/profile-fields';
import { useSettingsActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { RecipientPicker } from '../../components/RecipientPicker';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from './FieldMessage';

/** What Zulip's pronouns field suggests. */
const PRONOUN_SUGGESTIONS = ['he/him', 'she/her', 'they/them'];

/** Where an external account field's user name leads, for its note (Zulip's template or the field's own pattern). */
function accountPattern(field: WireProfileField, templates: ReturnType<typeof templatesOf>): string | null {
  const { subtype, urlPattern } = externalAccountOf(field);
  return subtype === 'custom' ? urlPattern : (templates[subtype]?.url_pattern ?? null);
}

/**
 * One custom profile field of the person's, of any of Zulip's types, saved when it loses
 * focus (a list, a date or a person on choosing), as Zulip saves it; read-only where the
 * administrators keep it to themselves (`editable_by_user`).
 */
export function ProfileFieldInput({ field }: { field: WireProfileField }) {
  const stored = useSelector((state) => (state.session === null ? '' : (state.profileData[state.session.userId]?.[field.id] ?? '')));
  const templates = useSelector((state) => templatesOf(state.realm.default_external_accounts));
  const actions = useSettingsActions();
  const request = useRequest();
  const [text, setText] = useState<string | null>(null);
  const id = useId();
  const shown = text ?? stored;
  const editable = field.editable_by_user;
  const save = (value: string | number[]) => {
    if (value === stored) {
      setText(null);
      return;
    }
    void request.run(() => actions.setProfileValue(field.id, value)).then((saved) => saved && setText(null));
  };
  const common = {
    id,
    value: shown,
    readOnly: !editable,
    'aria-describedby': `${id}-hint ${id}-message`,
    onChange: (event: { target: { value: string } }) => setText(event.target.value),
    onBlur: () => text !== null && save(text),
  };
  let input;
  let note = field.hint;
  switch (field.type) {
    case FIELD_TYPE.select:
      input = (
        <select {...common} disabled={!editable} onChange={(event) => save(event.target.value)}>
          <option value="">(none)</option>
          {choicesOf(field).map((choice) => (
            <option key={choice.key} value={choice.key}>
              {choice.text}
            </option>
          ))}
        </select>
      );
      break;
    case FIELD_TYPE.longText:
      input = <textarea {...common} rows={3} maxLength={500} />;
      break;
    case FIELD_TYPE.date:
      input = <input {...common} type="date" onChange={(event) => save(event.target.value)} />;
      break;
    case FIELD_TYPE.url:
      input = <input {...common} type="url" placeholder="https://" />;
      break;
    case FIELD_TYPE.user:
      input = (
        <RecipientPicker
          userIds={personIdsOf(stored)}
          onChange={(userIds) => save(userIds)}
          label={field.name}
          fieldLabel={`Add a person to ${field.name}`}
          humansOnly
          readOnly={!editable}
        />
      );
      break;
    case FIELD_TYPE.pronouns:
      input = (
        <>
          <input {...common} type="text" maxLength={50} list={`${id}-pronouns`} />
          <datalist id={`${id}-pronouns`}>
            {PRONOUN_SUGGESTIONS.map((pronouns) => (
              <option key={pronouns} value={pronouns} />
            ))}
          </datalist>
        </>
      );
      break;
    case FIELD_TYPE.externalAccount: {
      input = <input {...common} type="text" maxLength={50} placeholder="username" />;
      const pattern = accountPattern(field, templates);
      if (pattern !== null) note = [field.hint, `Links to ${pattern.replace('%(username)s', '<username>')}`].filter((part) => part !== '').join('. ');
      break;
    }
    default:
      input = <input {...common} type="text" maxLength={50} />;
  }
  const required = field.required ? <span className="required-mark"> (required)</span> : null;
  const labelled =
    field.type === FIELD_TYPE.user ? (
      <span className="setting-label">
        {field.name}
        {required}
      </span>
    ) : (
      <label htmlFor={id}>
        {field.name}
        {required}
      </label>
    );
  return (
    <div className="setting-row">
      {labelled}
      {input}
      <p id={`${id}-hint`} className="setting-note">
        {note}
        {editable ? '' : ' Only administrators can change this field.'}
      </p>
      <FieldMessage id={`${id}-message`} error={request.error} />
    </div>
  );
}
