// Stand-in until the lead's GroupSettingPicker lands on main (same interface); replaced at the merge.
import { useId } from 'react';
import { groupDisplayName } from '../app/group-names';
import type { Request } from '../app/use-request';
import type { GroupSetting } from '../api/types';
import { FieldMessage } from '../views/settings/FieldMessage';
import { useSelector } from '../store/use-store';

export function GroupSettingPicker({ label, value, onChange, editable, request }: { label: string; value: GroupSetting; onChange: (next: GroupSetting) => void; editable: boolean; request: Request }) {
  const id = useId();
  const groups = useSelector((state) => state.groups);
  const users = useSelector((state) => state.users);
  const shown =
    typeof value === 'number'
      ? groupDisplayName(groups[value] ?? { name: 'Unknown', isSystem: false })
      : [...value.direct_members.map((userId) => users[userId]?.fullName ?? 'Unknown'), ...value.direct_subgroups.map((groupId) => groupDisplayName(groups[groupId] ?? { name: 'Unknown', isSystem: false }))].join(', ') || 'Nobody';
  return (
    <div className="setting-row">
      <label htmlFor={id}>{label}</label>
      <select id={id} disabled={!editable} value={typeof value === 'number' ? String(value) : ''} onChange={(event) => onChange(Number(event.target.value))}>
        {typeof value === 'number' ? null : <option value="">{shown}</option>}
        {Object.values(groups).map((group) => (
          <option key={group.id} value={group.id}>
            {groupDisplayName(group)}
          </option>
        ))}
      </select>
      <FieldMessage id={`${id}-message`} error={request.error} />
    </div>
  );
}
