import { Role } from '../../shared/roles';
import { USER_GROUP_SETTINGS } from './permission-settings';
import { checkUserGroupName, hasGroupPermission } from './user-group-rules';

describe('user group rules', () => {
  it("checks names as Zulip's check_user_group_name does", () => {
    expect(checkUserGroupName('backend')).toBe('backend');
    expect(checkUserGroupName('x'.repeat(100))).toHaveLength(100);
    expect(() => checkUserGroupName(' ')).toThrow("User group name can't be empty!");
    expect(() => checkUserGroupName('x'.repeat(101))).toThrow('User group name cannot exceed 100 characters.');
    for (const prefix of ['@', 'role:', 'user:', 'stream:', 'channel:']) {
      expect(() => checkUserGroupName(`${prefix}team`)).toThrow(`User group name cannot start with '${prefix}'.`);
    }
    expect(checkUserGroupName('team role:')).toBe('team role:');
  });

  it('grants a setting to its group members, never to guests when role:everyone is not allowed', () => {
    const member = { id: 1, role: Role.Member, groupIds: new Set([7]) };
    const guest = { id: 2, role: Role.Guest, groupIds: new Set([7]) };
    expect(hasGroupPermission(member, 7, USER_GROUP_SETTINGS.can_manage_group)).toBe(true);
    expect(hasGroupPermission(member, 8, USER_GROUP_SETTINGS.can_manage_group)).toBe(false);
    expect(hasGroupPermission(guest, 7, USER_GROUP_SETTINGS.can_manage_group)).toBe(false);
    expect(hasGroupPermission(guest, 7, USER_GROUP_SETTINGS.can_leave_group)).toBe(true);
  });
});
