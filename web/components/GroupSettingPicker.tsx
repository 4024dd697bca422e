import { useId } from 'react';
import { rankByName } from '../app/autocomplete';
import { MAX_SUGGESTIONS } from '../app/use-completions';
import type { Request } from '../app/use-request';
import { useRealmSetting } from '../app/use-setting';
import type { Suggestion } from '../app/use-typeahead';
import type { GroupSetting } from '../api/types';
import { groupLabel, partsOf, settingOf } from '../app/group-settings';
import type { ClientState } from '../store/state';
import { useSelector } from '../store/use-store';
import { describedByOf, RowFooter } from '../views/settings/FieldMessage';
import { PillPicker } from './PillPicker';

type Choice = { readonly kind: 'group'; readonly id: number } | { readonly kind: 'user'; readonly id: number };

const selectGroups = (state: ClientState) => state.groups;
const selectUsers = (state: ClientState) => state.users;
/** System groups a person would not pick by hand: Nobody is the empty widget; the internet is for web-public channels alone. */
const NOT_OFFERED = new Set(['role:nobody', 'role:internet']);

/**
 * A group-based permission setting (Zulip's pill widget): pills for its groups and people,
 * a field that suggests system groups, user groups and people. Each pick or removal is a
 * change (`onChange`); `request` holds the server's words when it refused the last one.
 */
export function GroupSettingPicker({ label, value, onChange, editable, request, note }: { label: string; value: GroupSetting; onChange: (next: GroupSetting) => void; editable: boolean; request?: Request; note?: string }) {
  const groups = useSelector(selectGroups);
  const users = useSelector(selectUsers);
  const id = useId();
  const nobodyId = Object.values(groups).find((group) => group.isSystem && group.name === 'role:nobody')?.id;
  const { groupIds, userIds } = partsOf(value);
  const shownGroupIds = groupIds.filter((groupId) => groupId !== nobodyId);
  const pills = [
    ...shownGroupIds.map((groupId) => ({ key: `group:${groupId}`, label: groups[groupId] === undefined ? 'Unknown group' : groupLabel(groups[groupId]) })),
    ...userIds.map((userId) => ({ key: `user:${userId}`, label: users[userId]?.fullName ?? 'Unknown user' })),
  ];
  const suggest = (query: string): Suggestion<Choice>[] => {
    const groupChoices = rankByName(
      Object.values(groups).filter((group) => !shownGroupIds.includes(group.id) && !NOT_OFFERED.has(group.name)),
      query,
      (group) => [groupLabel(group)],
      MAX_SUGGESTIONS,
    ).map((group) => ({ key: `group:${group.id}`, label: groupLabel(group), detail: group.isSystem ? 'Role' : 'Group', value: { kind: 'group', id: group.id } as const }));
    const people = rankByName(
      Object.values(users).filter((user) => !userIds.includes(user.id) && !user.isBot),
      query,
      (user) => [user.fullName, user.email],
      MAX_SUGGESTIONS,
    ).map((user) => ({ key: `user:${user.id}`, label: user.fullName, detail: user.email, avatar: { userId: user.id, name: user.fullName, url: user.avatarUrl }, value: { kind: 'user', id: user.id } as const }));
    return [...groupChoices, ...people].slice(0, MAX_SUGGESTIONS);
  };
  const describedBy = describedByOf(id, note, request?.error ?? null);
  return (
    <div className="setting-row group-setting">
      <span className="setting-label" id={`${id}-label`}>
        {label}
      </span>
      <PillPicker
        pills={pills}
        pillsLabel={label}
        fieldLabel={`Add to “${label}”`}
        listLabel="Groups and people"
        placeholder={pills.length === 0 ? 'Nobody: add a group or a person' : 'Add a group or a person'}
        editable={editable}
        describedBy={describedBy}
        suggestEmpty
        suggest={suggest}
        onPick={(choice) =>
          onChange(choice.kind === 'group' ? settingOf([...shownGroupIds, choice.id], userIds, nobodyId) : settingOf(shownGroupIds, [...userIds, choice.id], nobodyId))
        }
        onRemove={(key) => {
          const [kind, raw] = key.split(':');
          const removed = Number(raw);
          onChange(kind === 'group' ? settingOf(shownGroupIds.filter((known) => known !== removed), userIds, nobodyId) : settingOf(shownGroupIds, userIds.filter((known) => known !== removed), nobodyId));
        }}
      />
      {!editable && pills.length === 0 ? <span className="setting-note">Nobody</span> : null}
      <RowFooter id={id} note={note} error={request?.error ?? null} />
    </div>
  );
}

/** What `PATCH /realm` and the channel and group updates take for a group setting: Zulip's `{"new": value}`. */
export const groupSettingChange = (next: unknown) => ({ new: next });

/** A realm's group-based permission setting by its API name (`can_invite_users_group`, ...); read-only for members. */
export function RealmGroupSetting({ name, label, note }: { name: string; label: string; note?: string }) {
  const control = useRealmSetting(name, groupSettingChange);
  const value = control.shown;
  const setting: GroupSetting = typeof value === 'number' || (typeof value === 'object' && value !== null) ? (value as GroupSetting) : { direct_members: [], direct_subgroups: [] };
  return <GroupSettingPicker label={label} value={setting} onChange={control.change} editable={control.editable} request={control.request} note={note} />;
}
