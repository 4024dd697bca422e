import { ProfileField } from '../persistence/profile-field.store';

/** As Zulip's `CustomProfileField.as_dict`: `display_in_profile_summary` only when true. */
export interface ProfileFieldWire {
  id: number;
  name: string;
  type: number;
  hint: string;
  field_data: string;
  order: number;
  required: boolean;
  editable_by_user: boolean;
  display_in_profile_summary?: true;
}

export function presentField(field: ProfileField): ProfileFieldWire {
  const wire: ProfileFieldWire = {
    id: field.id,
    name: field.name,
    type: field.type,
    hint: field.hint,
    field_data: field.fieldData,
    order: field.order,
    required: field.required,
    editable_by_user: field.editableByUser,
  };
  if (field.displayInProfileSummary) wire.display_in_profile_summary = true;
  return wire;
}
