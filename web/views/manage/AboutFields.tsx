import type { SettingControl } from '../../app/use-setting';
import { TextRow } from '../settings/TextRow';

/**
 * A channel's or group's name and description, saved as they are left; read-only, with a
 * note saying who may change them, for those the server would refuse.
 */
export function AboutFields({ noun, mayManage, name, description, nameMaxLength }: { noun: 'channel' | 'group'; mayManage: boolean; name: SettingControl; description: SettingControl; nameMaxLength: number }) {
  const title = noun === 'channel' ? 'Channel' : 'Group';
  return (
    <>
      {mayManage ? null : (
        <p className="admin-only-note" role="note">
          Only this {noun}’s administrators can change its settings.
        </p>
      )}
      <fieldset className="settings-group">
        <legend>About this {noun}</legend>
        <TextRow label={`${title} name`} control={name} maxLength={nameMaxLength} />
        <TextRow label={`${title} description`} control={description} multiline maxLength={1024} />
      </fieldset>
    </>
  );
}
