import { GroupSettingPicker, groupSettingChange } from '../../components/GroupSettingPicker';
import type { GroupSetting } from '../../api/types';
import { useOwnerSetting } from '../../app/use-setting';
import { isRealmAdmin } from '../../store/permissions';
import { useSelector } from '../../store/use-store';

/** Nobody: an empty anonymous group. */
const NOBODY: GroupSetting = { direct_members: [], direct_subgroups: [] };

const isGroupSetting = (value: unknown): value is GroupSetting => typeof value === 'number' || (typeof value === 'object' && value !== null && 'direct_members' in value);

/** A group-based permission Zulip's update_realm reserves to owners (who invites, who manages groups and billing); administrators who are not owners are told so. */
export function OwnerGroupSetting({ name, label, note }: { name: string; label: string; note?: string }) {
  const control = useOwnerSetting(name, groupSettingChange);
  // Members are told once, above the section, that the settings are the administrators'.
  const admin = useSelector(isRealmAdmin);
  const value = isGroupSetting(control.shown) ? control.shown : NOBODY;
  return <GroupSettingPicker label={label} value={value} onChange={control.change} editable={control.editable} request={control.request} note={control.editable || !admin ? note : (note ?? 'Only organization owners can change this setting.')} />;
}
