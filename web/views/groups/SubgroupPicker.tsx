import { useId } from 'react';
import { groupDisplayName } from '../../app/group-names';
import type { ClientState } from '../../store/state';
import { useSelector } from '../../store/use-store';

const selectGroups = (state: ClientState) => state.groups;

/** Groups picked from a list: a pill for each and a menu of the others (`exclude`: the group itself, say). */
export function SubgroupPicker({ groupIds, onChange, label, fieldLabel, exclude = [] }: { groupIds: readonly number[]; onChange: (groupIds: number[]) => void; label: string; fieldLabel: string; exclude?: readonly number[] }) {
  const groups = useSelector(selectGroups);
  const id = useId();
  const candidates = Object.values(groups)
    .filter((group) => !groupIds.includes(group.id) && !exclude.includes(group.id) && group.name !== 'role:nobody' && group.name !== 'role:internet')
    .sort((a, b) => Number(b.isSystem) - Number(a.isSystem) || groupDisplayName(a).localeCompare(groupDisplayName(b)));
  return (
    <div className="recipient-picker">
      <ul className="recipient-pills" aria-label={label}>
        {groupIds.map((groupId) => {
          const group = groups[groupId];
          const name = group === undefined ? 'Unknown group' : groupDisplayName(group);
          return (
            <li key={groupId} className="recipient-pill">
              {name}
              <button type="button" className="pill-remove" aria-label={`Remove ${name}`} onClick={() => onChange(groupIds.filter((known) => known !== groupId))}>
                ×
              </button>
            </li>
          );
        })}
      </ul>
      <label className="visually-hidden" htmlFor={id}>
        {fieldLabel}
      </label>
      <select
        id={id}
        value=""
        onChange={(event) => {
          const picked = Number(event.target.value);
          if (picked > 0) onChange([...groupIds, picked]);
        }}
      >
        <option value="">Add a group…</option>
        {candidates.map((group) => (
          <option key={group.id} value={group.id}>
            {groupDisplayName(group)}
          </option>
        ))}
      </select>
    </div>
  );
}
