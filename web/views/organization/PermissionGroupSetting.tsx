// TEMPORARY stub until the lead's GroupSettingPicker lands on main.
export function PermissionGroupSetting({ label }: { name: string; label: string; note?: string }) {
  return <p className="setting-note">{label}</p>;
}
export const OwnerGroupSetting = PermissionGroupSetting;
