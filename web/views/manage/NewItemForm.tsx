import { useEffect, type ReactNode } from 'react';
import { itemHash, type ManageHead } from '../../app/manage-route';
import type { GroupSetting } from '../../api/types';
import { GroupSettingPicker } from '../../components/GroupSettingPicker';
import { FieldMessage } from '../settings/FieldMessage';

/** A new channel's or group's name and description fields ("Channel name", "Group description"). */
export function NameFields({ id, noun, name, onName, description, onDescription, maxLength }: { id: string; noun: string; name: string; onName: (name: string) => void; description: string; onDescription: (text: string) => void; maxLength: number }) {
  return (
    <>
      <div className="setting-row">
        <label htmlFor={`${id}-name`}>{noun} name</label>
        <input id={`${id}-name`} type="text" required maxLength={maxLength} value={name} onChange={(event) => onName(event.target.value)} />
      </div>
      <div className="setting-row">
        <label htmlFor={`${id}-description`}>{noun} description</label>
        <textarea id={`${id}-description`} rows={3} maxLength={1024} value={description} onChange={(event) => onDescription(event.target.value)} />
      </div>
    </>
  );
}

/** A new item's permissions: a picker per setting, showing Zulip's default until the person changes it. */
export function NewPermissions<Name extends string>({ settings, chosen, defaults, onChange }: { settings: readonly { readonly name: Name; readonly label: string }[]; chosen: Partial<Record<Name, GroupSetting>>; defaults: Record<Name, GroupSetting>; onChange: (chosen: Partial<Record<Name, GroupSetting>>) => void }) {
  return (
    <fieldset className="settings-group">
      <legend>Permissions</legend>
      {settings.map((setting) => (
        <GroupSettingPicker key={setting.name} label={setting.label} value={chosen[setting.name] ?? defaults[setting.name]} editable onChange={(next) => onChange({ ...chosen, [setting.name]: next })} />
      ))}
    </fieldset>
  );
}

/** Create and Cancel, and the server's words (or that the new item is on its way). */
export function CreateButtons({ id, disabled, cancelHref, error, pending }: { id: string; disabled: boolean; cancelHref: string; error: string | null; pending: string | null }) {
  return (
    <>
      <div className="button-row">
        <button type="submit" className="button-primary" disabled={disabled}>
          Create
        </button>
        <a className="button-quiet" href={cancelHref}>
          Cancel
        </a>
      </div>
      <FieldMessage id={`${id}-message`} error={error} done={pending} />
    </>
  );
}

/** Opens a new item's settings once its event brought it into the store (the create answers carry no id for a channel). */
export function useOpenWhenMade(head: ManageHead, made: { id: number; name: string } | undefined): void {
  useEffect(() => {
    if (made !== undefined) window.location.hash = itemHash(head, made.id, made.name, 'general');
  }, [head, made?.id, made?.name]);
}

/** The form around a new item's fields, titled ("Create a channel"). */
export function NewItemForm({ id, title, onSubmit, children }: { id: string; title: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="manage-detail"
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </form>
  );
}
