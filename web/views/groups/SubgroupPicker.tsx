import { rankByName } from '../../app/autocomplete';
import { groupLabel } from '../../app/group-settings';
import { MAX_SUGGESTIONS } from '../../app/use-completions';
import { PillPicker } from '../../components/PillPicker';
import type { ClientState } from '../../store/state';
import { useSelector } from '../../store/use-store';

const selectGroups = (state: ClientState) => state.groups;
/** Nobody and the internet are no one's members, so they are never subgroups. */
const NOT_OFFERED = new Set(['role:nobody', 'role:internet']);

/** Groups picked by name, as pills (a group's subgroups; `exclude`: the group itself and those it has). */
export function SubgroupPicker({ groupIds, onChange, label, fieldLabel, exclude = [] }: { groupIds: readonly number[]; onChange: (groupIds: number[]) => void; label: string; fieldLabel: string; exclude?: readonly number[] }) {
  const groups = useSelector(selectGroups);
  return (
    <div className="recipient-picker">
      <PillPicker
        pills={groupIds.map((id) => ({ key: String(id), label: groups[id] === undefined ? 'Unknown group' : groupLabel(groups[id]) }))}
        pillsLabel={label}
        fieldLabel={fieldLabel}
        listLabel="Groups"
        placeholder="Type a group’s name"
        suggestEmpty
        suggest={(query) =>
          rankByName(
            Object.values(groups).filter((group) => !groupIds.includes(group.id) && !exclude.includes(group.id) && !NOT_OFFERED.has(group.name)),
            query,
            (group) => [groupLabel(group)],
            MAX_SUGGESTIONS,
          ).map((group) => ({ key: String(group.id), label: groupLabel(group), detail: group.isSystem ? 'Role' : 'Group', value: group.id }))
        }
        onPick={(id) => onChange([...groupIds, id])}
        onRemove={(key) => onChange(groupIds.filter((known) => String(known) !== key))}
      />
    </div>
  );
}
