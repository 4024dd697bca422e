import { useState } from 'react';
import type { WireProfileField } from '../../api/types';
import { choicesOf, externalAccountOf, FIELD_TYPE, fieldTypeLabel } from '../../app/profile-fields';
import { useAdminActions } from '../../app/services';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ReorderableList } from '../../components/ReorderableList';
import { isRealmAdmin } from '../../store/permissions';
import { useSelector } from '../../store/use-store';
import { AdminOnlyNote } from './AdminOnlyNote';
import { ProfileFieldForm } from './ProfileFieldForm';
import { RowActions } from './RowActions';

type Open = { kind: 'add' } | { kind: 'edit'; field: WireProfileField } | { kind: 'delete'; field: WireProfileField } | null;

/** What a field's row says under its label: its type, and a list's options or an external account's kind. */
function detailsOf(field: WireProfileField): string {
  const type = fieldTypeLabel(field.type);
  if (field.type === FIELD_TYPE.select) return `${type}: ${choicesOf(field).map((choice) => choice.text).join(', ')}`;
  if (field.type === FIELD_TYPE.externalAccount) {
    const { subtype, urlPattern } = externalAccountOf(field);
    return subtype === 'custom' ? `${type}: ${urlPattern}` : `${type} (${subtype})`;
  }
  return type;
}

/**
 * Zulip's `profile-field-settings`: the realm's custom profile fields in their order, which
 * administrators add, edit, reorder (drag a row, or its grip's arrow keys) and delete; the
 * change reaches every page through the `custom_profile_fields` event.
 */
export function ProfileFieldsSection() {
  const fields = useSelector((state) => state.profileFields);
  const admin = useSelector(isRealmAdmin);
  const actions = useAdminActions();
  const [open, setOpen] = useState<Open>(null);
  return (
    <>
      <AdminOnlyNote />
      <p className="setting-note section-intro">Custom profile fields appear in everyone’s profile card; each person fills theirs in on their own profile settings.</p>
      {admin ? (
        <button type="button" className="button-primary" onClick={() => setOpen({ kind: 'add' })}>
          Add a new profile field
        </button>
      ) : null}
      {fields.length === 0 ? <p className="empty-note">No custom profile fields configured.</p> : null}
      <ReorderableList
        items={fields}
        keyOf={(field) => field.id}
        nameOf={(field) => field.name}
        editable={admin}
        label="Custom profile fields"
        onReorder={(order) => actions.reorderProfileFields(order)}
        renderItem={(field) => (
          <>
            <div className="admin-row-text">
              <span className="admin-row-name">{field.name}</span>
              <span className="admin-row-detail">{detailsOf(field)}</span>
              {field.hint === '' ? null : <span className="admin-row-detail">Hint: {field.hint}</span>}
              <span className="admin-row-badges">
                {field.required ? <span className="badge">Required</span> : null}
                {field.display_in_profile_summary === true ? <span className="badge">In profile summary</span> : null}
                {field.editable_by_user ? null : <span className="badge">Administrators only</span>}
              </span>
            </div>
            {admin ? <RowActions name={field.name} onEdit={() => setOpen({ kind: 'edit', field })} onRemove={() => setOpen({ kind: 'delete', field })} /> : null}
          </>
        )}
      />
      {open?.kind === 'add' ? <ProfileFieldForm field={null} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'edit' ? <ProfileFieldForm field={open.field} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'delete' ? (
        <ConfirmDialog title={`Delete ${open.field.name}?`} action="Delete" run={() => actions.deleteProfileField(open.field.id)} onClose={() => setOpen(null)}>
          <p>This removes the field, and what everyone filled in for it, from every profile.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
