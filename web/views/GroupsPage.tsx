import { itemHash, listHash, manageViewOf } from '../app/manage-route';
import { canCreateGroup } from '../store/admin-permissions';
import type { ClientState } from '../store/state';
import { useSelector } from '../store/use-store';
import { CreateGroupForm } from './groups/CreateGroupForm';
import { GroupDetail, GROUP_TABS } from './groups/GroupDetail';
import { ManageOverlay, type ManageListItem } from './manage/ManageOverlay';

const selectGroups = (state: ClientState) => state.groups;
const selectMe = (state: ClientState) => state.session?.userId;

/**
 * Group settings (`#groups/...`), as Zulip 10.2's: the person's groups or all the realm's
 * (role groups are the organization's roles and are not listed), a group's General and
 * Members tabs, and a new group's form.
 */
export function GroupsPage({ rest }: { rest: readonly string[] }) {
  const view = manageViewOf('groups', rest, GROUP_TABS.map((tab) => tab.id));
  const groups = useSelector(selectGroups);
  const me = useSelector(selectMe);
  const mayCreate = useSelector(canCreateGroup);
  const selection = view.selection;
  const mine = (id: number) => me !== undefined && (groups[id]?.members.includes(me) ?? false);
  const list = selection.kind === 'item' && !mine(selection.id) ? 'all' : view.list;
  const items: ManageListItem[] = Object.values(groups)
    .filter((group) => !group.isSystem && (list === 'all' || mine(group.id)))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((group) => ({ id: group.id, href: itemHash('groups', group.id, group.name, 'general'), label: group.name, detail: group.description }));
  return (
    <ManageOverlay
      title="Group settings"
      lists={[
        { href: listHash('groups', 'mine'), label: 'Your groups', current: list === 'mine' },
        { href: listHash('groups', 'all'), label: 'All groups', current: list === 'all' },
      ]}
      listLabel="User groups"
      items={items}
      emptyText={list === 'all' ? 'This organization has no user groups yet.' : 'You are not a member of any group.'}
      selectedId={selection.kind === 'item' ? selection.id : null}
      create={mayCreate ? { href: '#groups/new', label: 'Create a user group', current: selection.kind === 'new' } : null}
      showingDetail={selection.kind !== 'none'}
    >
      {selection.kind === 'item' ? <GroupDetail key={selection.id} groupId={selection.id} tab={selection.tab} /> : null}
      {selection.kind === 'new' ? mayCreate ? <CreateGroupForm /> : <p className="settings-empty">You may not create user groups in this organization.</p> : null}
      {selection.kind === 'none' ? <p className="settings-empty manage-hint">Pick a group to see its settings.</p> : null}
    </ManageOverlay>
  );
}
