import { useId, useState } from 'react';
import type { WireProfileField } from '../../api/types';
import { choicesOf, FIELD_TYPE } from '../../app/profile-fields';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { FormDialog } from '../../components/FormDialog';
import type { PersonChanges } from '../../store/admin-actions';
import type { UserEntry } from '../../store/state';
import { useSelector } from '../../store/use-store';
import { assignableRoles, canChangeRole, roleLabel, shownEmail } from '../../store/people-rules';

/**
 * Zulip's "Manage user" form for an administrator: name, role (owners only give or take the
 * owner role) and the custom profile field values, sent in one `PATCH /users/{id}`; the
 * change shows from the `realm_user` events, the server's refusal in the dialog. The address
 * is shown only: Zulip's `new_email` takes a permission granted by the server's operator,
 * which this server does not have, so its API offers no way to change it.
 */
export function EditPersonDialog({ user, onClose }: { user: UserEntry; onClose: () => void }) {
  const fields = useSelector((state) => state.profileFields.filter((field) => field.type !== FIELD_TYPE.user));
  const stored = useSelector((state) => state.profileData[user.id]);
  const roles = useSelector(assignableRoles);
  const roleEditable = useSelector((state) => canChangeRole(state, user));
  const actions = useAdminActions();
  const request = useRequest();
  const [fullName, setFullName] = useState(user.fullName);
  const [role, setRole] = useState(user.role);
  const [values, setValues] = useState<Record<number, string>>({});
  const id = useId();

  const save = () => {
    const changes: { -readonly [K in keyof PersonChanges]: PersonChanges[K] } = {};
    if (fullName.trim() !== user.fullName) changes.fullName = fullName.trim();
    if (role !== user.role) changes.role = role;
    const profileData = Object.entries(values)
      .filter(([fieldId, value]) => value !== (stored?.[Number(fieldId)] ?? ''))
      .map(([fieldId, value]) => ({ id: Number(fieldId), value }));
    if (profileData.length > 0) changes.profileData = profileData;
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    void request.run(() => actions.updatePerson(user.id, changes)).then((saved) => saved && onClose());
  };

  return (
    <FormDialog title={`Manage ${user.fullName}`} formId={`${id}-form`} submitLabel="Save changes" busy={request.busy} onClose={onClose} className="dialog-wide">
      <form
        id={`${id}-form`}
        className="dialog-form"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <p className="setting-note">
          Email: {shownEmail(user)}. Each person changes their own address in their personal settings.
        </p>
        <label className="field">
          Name
          <input value={fullName} required maxLength={100} onChange={(event) => setFullName(event.target.value)} />
        </label>
        <label className="field">
          Role
          <select value={role} disabled={!roleEditable} onChange={(event) => setRole(Number(event.target.value))}>
            {roles.some((choice) => choice.value === user.role) ? null : <option value={user.role}>{roleLabel(user.role)}</option>}
            {roles.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        {fields.map((field) => (
          <ProfileValueField
            key={field.id}
            field={field}
            value={values[field.id] ?? stored?.[field.id] ?? ''}
            onChange={(value) => setValues((known) => ({ ...known, [field.id]: value }))}
          />
        ))}
        {request.error === null ? null : (
          <p className="dialog-problem" role="alert">
            {request.error}
          </p>
        )}
      </form>
    </FormDialog>
  );
}

/** One custom profile field's value in the form: text, a long text, a choice, a date or a link (a people field is left to its owner's page). */
function ProfileValueField({ field, value, onChange }: { field: WireProfileField; value: string; onChange: (value: string) => void }) {
  let input;
  if (field.type === FIELD_TYPE.select) {
    input = (
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">(none)</option>
        {choicesOf(field).map((option) => (
          <option key={option.key} value={option.key}>
            {option.text}
          </option>
        ))}
      </select>
    );
  } else if (field.type === FIELD_TYPE.longText) {
    input = <textarea value={value} rows={3} onChange={(event) => onChange(event.target.value)} />;
  } else {
    input = <input value={value} type={field.type === FIELD_TYPE.date ? 'date' : field.type === FIELD_TYPE.url ? 'url' : 'text'} onChange={(event) => onChange(event.target.value)} />;
  }
  return (
    <label className="field">
      {field.name}
      {input}
    </label>
  );
}
