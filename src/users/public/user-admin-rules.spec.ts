import { ApiError } from '../../shared/api-error';
import { Role } from '../../shared/roles';
import {
  canAdministerUser,
  checkAdministrableBot,
  checkAdministrableUser,
  checkRole,
  checkRoleChange,
  isLastOwner,
} from './user-admin-rules';

function errorOf(action: () => unknown): { msg: string; code: string } {
  try {
    action();
  } catch (error) {
    if (error instanceof ApiError) return { msg: error.msg, code: error.code };
    throw error;
  }
  throw new Error('no error');
}

describe('user administration rules', () => {
  const admin = { id: 1, role: Role.Administrator };
  const member = { id: 2, role: Role.Member };
  const human = { id: 3, role: Role.Member, isActive: true, isBot: false, botOwnerId: null };
  const membersBot = { id: 4, role: Role.Member, isActive: true, isBot: true, botOwnerId: member.id };

  it('lets administrators administer anyone, and owners their bots', () => {
    expect(canAdministerUser(admin, human)).toBe(true);
    expect(canAdministerUser(member, membersBot)).toBe(true);
    expect(canAdministerUser(member, human)).toBe(false);
    expect(canAdministerUser({ id: 9, role: Role.Moderator }, membersBot)).toBe(false);
  });

  it("answers access_user_by_id's errors in Zulip's order", () => {
    expect(errorOf(() => checkAdministrableUser(admin, null, { allowBots: false, allowDeactivated: false })).msg).toBe('No such user');
    expect(errorOf(() => checkAdministrableUser(admin, membersBot, { allowBots: false, allowDeactivated: false })).msg).toBe('No such user');
    const gone = { ...human, isActive: false };
    expect(errorOf(() => checkAdministrableUser(admin, gone, { allowBots: false, allowDeactivated: false })).msg).toBe('User is deactivated');
    expect(checkAdministrableUser(admin, gone, { allowBots: false, allowDeactivated: true })).toBe(gone);
    expect(errorOf(() => checkAdministrableUser(member, human, { allowBots: true, allowDeactivated: true })).msg).toBe('Insufficient permission');
    expect(checkAdministrableUser(member, membersBot, { allowBots: true, allowDeactivated: true })).toBe(membersBot);
  });

  it("answers access_bot_by_id's errors", () => {
    expect(errorOf(() => checkAdministrableBot(member, null)).msg).toBe('No such bot');
    expect(errorOf(() => checkAdministrableBot(admin, human)).msg).toBe('No such bot');
    expect(errorOf(() => checkAdministrableBot({ id: 8, role: Role.Member }, membersBot)).msg).toBe('Insufficient permission');
    expect(checkAdministrableBot(admin, membersBot)).toBe(membersBot);
  });

  it('accepts only Zulip role values', () => {
    for (const role of [100, 200, 300, 400, 600]) expect(checkRole(role)).toBe(role);
    expect(errorOf(() => checkRole(500)).msg).toBe('Invalid role');
  });

  it('leaves the owner role to owners, other roles to administrators, and keeps the last owner', () => {
    const ownerRequired = { msg: 'Must be an organization owner', code: 'UNAUTHORIZED_PRINCIPAL' };
    expect(errorOf(() => checkRoleChange(Role.Administrator, { role: Role.Member, isBot: false }, Role.Owner, 1))).toEqual(ownerRequired);
    expect(errorOf(() => checkRoleChange(Role.Administrator, { role: Role.Owner, isBot: false }, Role.Member, 2))).toEqual(ownerRequired);
    expect(errorOf(() => checkRoleChange(Role.Member, { role: Role.Member, isBot: true }, Role.Moderator, 1))).toEqual({
      msg: 'Must be an organization administrator',
      code: 'UNAUTHORIZED_PRINCIPAL',
    });
    expect(errorOf(() => checkRoleChange(Role.Owner, { role: Role.Owner, isBot: false }, Role.Member, 1)).msg).toBe(
      'The owner permission cannot be removed from the only organization owner.',
    );
    expect(() => checkRoleChange(Role.Owner, { role: Role.Owner, isBot: false }, Role.Member, 2)).not.toThrow();
    expect(() => checkRoleChange(Role.Administrator, { role: Role.Member, isBot: false }, Role.Guest, 1)).not.toThrow();
  });

  it('counts only human owners as the last owner', () => {
    expect(isLastOwner({ role: Role.Owner, isBot: false }, 1)).toBe(true);
    expect(isLastOwner({ role: Role.Owner, isBot: true }, 1)).toBe(false);
    expect(isLastOwner({ role: Role.Owner, isBot: false }, 2)).toBe(false);
    expect(isLastOwner({ role: Role.Administrator, isBot: false }, 1)).toBe(false);
  });
});
