import { useId, useState, type FormEvent } from 'react';
import type { WireProfileField } from '../../api/types';
import { useAdminActions } from '../../app/services';
import { choiceFieldData, choicesOf, externalAccountOf, FIELD_TYPE, FIELD_TYPE_CHOICES, summaryAllowed, templatesOf } from '../../app/profile-fields';
import { useRequest } from '../../app/use-request';
import { FormDialog } from '../../components/FormDialog';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from '../settings/FieldMessage';
import { ChoicesEditor, type EditedChoice } from './ChoicesEditor';

/** What the form holds; `field` is the one being edited, or none for a new one. */
function initialOf(field: WireProfileField | null) {
  const external = field === null ? { subtype: 'github', urlPattern: '' } : externalAccountOf(field);
  const choices: EditedChoice[] = field === null ? [] : choicesOf(field).map((choice, index) => ({ id: index, key: choice.key, text: choice.text }));
  return {
    type: field?.type ?? FIELD_TYPE.shortText,
    name: field?.name ?? '',
    hint: field?.hint ?? '',
    choices: choices.length === 0 ? [{ id: 0, key: null, text: '' }] : choices,
    subtype: external.subtype,
    urlPattern: external.urlPattern,
    required: field?.required ?? false,
    summary: field?.display_in_profile_summary === true,
    editableByUser: field?.editable_by_user ?? true,
  };
}

type FormState = ReturnType<typeof initialOf>;

/** The request's parameters, by the API's names; a built-in external account keeps Zulip's label and hint. */
function paramsOf(form: FormState, creating: boolean): Record<string, unknown> {
  const builtIn = form.type === FIELD_TYPE.externalAccount && form.subtype !== 'custom';
  const params: Record<string, unknown> = {
    required: form.required,
    display_in_profile_summary: summaryAllowed(form.type) && form.summary,
    editable_by_user: form.editableByUser,
  };
  if (creating) params.field_type = form.type;
  if (!builtIn) {
    params.name = form.name;
    params.hint = form.hint;
  }
  if (form.type === FIELD_TYPE.select) params.field_data = choiceFieldData(form.choices);
  if (form.type === FIELD_TYPE.externalAccount && (creating || !builtIn)) {
    params.field_data = form.subtype === 'custom' ? { subtype: 'custom', url_pattern: form.urlPattern } : { subtype: form.subtype };
  }
  return params;
}

/**
 * Zulip's "Add a new custom profile field" and "Edit custom profile field" form: the type
 * (fixed once made), label and hint, a list's options, an external account's kind (Zulip's
 * templates or a custom URL pattern), and whether it is required, shown in the profile
 * summary and editable by its owner.
 */
export function ProfileFieldForm({ field, onClose }: { field: WireProfileField | null; onClose: () => void }) {
  const actions = useAdminActions();
  const request = useRequest();
  const templates = useSelector((state) => templatesOf(state.realm.default_external_accounts));
  const [form, setForm] = useState(() => initialOf(field));
  const id = useId();
  const creating = field === null;
  const set = (changes: Partial<FormState>) => setForm((current) => ({ ...current, ...changes }));
  const builtIn = form.type === FIELD_TYPE.externalAccount && form.subtype !== 'custom';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const params = paramsOf(form, creating);
    const saved = await request.run(() => (field === null ? actions.createProfileField(params) : actions.updateProfileField(field.id, params)));
    if (saved) onClose();
  };
  return (
    <FormDialog
      title={creating ? 'Add a new custom profile field' : `Edit ${field.name}`}
      formId={`${id}-form`}
      submitLabel={creating ? 'Add' : 'Save changes'}
      busy={request.busy}
      onClose={onClose}
    >
      <form id={`${id}-form`} className="admin-form" onSubmit={(event) => void submit(event)}>
        <div className="setting-row">
          <label htmlFor={`${id}-type`}>Type</label>
          <select id={`${id}-type`} value={form.type} disabled={!creating} onChange={(event) => set({ type: Number(event.target.value) })}>
            {FIELD_TYPE_CHOICES.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        {form.type === FIELD_TYPE.externalAccount ? (
          <div className="setting-row">
            <label htmlFor={`${id}-subtype`}>External account type</label>
            <select id={`${id}-subtype`} value={form.subtype} disabled={!creating} onChange={(event) => set({ subtype: event.target.value })}>
              {Object.entries(templates).map(([key, template]) => (
                <option key={key} value={key}>
                  {template.text ?? template.name ?? key}
                </option>
              ))}
              <option value="custom">Custom</option>
            </select>
          </div>
        ) : null}
        {form.type === FIELD_TYPE.externalAccount && form.subtype === 'custom' ? (
          <div className="setting-row">
            <label htmlFor={`${id}-pattern`}>URL pattern</label>
            <input id={`${id}-pattern`} type="text" value={form.urlPattern} placeholder="https://example.com/users/%(username)s" onChange={(event) => set({ urlPattern: event.target.value })} />
            <p className="setting-note">Where a person’s user name leads: the pattern must contain %(username)s.</p>
          </div>
        ) : null}
        {builtIn ? null : (
          <>
            <div className="setting-row">
              <label htmlFor={`${id}-name`}>Label</label>
              <input id={`${id}-name`} type="text" value={form.name} maxLength={40} onChange={(event) => set({ name: event.target.value })} />
            </div>
            <div className="setting-row">
              <label htmlFor={`${id}-hint`}>Hint (up to 80 characters)</label>
              <input id={`${id}-hint`} type="text" value={form.hint} maxLength={80} onChange={(event) => set({ hint: event.target.value })} />
            </div>
          </>
        )}
        {form.type === FIELD_TYPE.select ? <ChoicesEditor choices={form.choices} onChange={(choices) => set({ choices })} /> : null}
        <label className="setting-check">
          <input type="checkbox" checked={form.required} onChange={(event) => set({ required: event.target.checked })} />
          Required field
        </label>
        {summaryAllowed(form.type) ? (
          <label className="setting-check">
            <input type="checkbox" checked={form.summary} onChange={(event) => set({ summary: event.target.checked })} />
            Display in profile summary
          </label>
        ) : null}
        <label className="setting-check">
          <input type="checkbox" checked={form.editableByUser} onChange={(event) => set({ editableByUser: event.target.checked })} />
          Users can edit this field for their own account
        </label>
        <FieldMessage id={`${id}-message`} error={request.error} />
      </form>
    </FormDialog>
  );
}
