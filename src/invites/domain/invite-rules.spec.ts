import {
  checkKeyShape,
  checkRoleBasedPermissions,
  ConfirmationKeyError,
  dailyLimitReached,
  generateConfirmationKey,
  inviteeEmailProblem,
  inviteeEmails,
  InvitationStatus,
  inviteNeedsAdmin,
  keyProblem,
} from './invite-rules';
import { invitationAcceptedNotice, invitationMail } from './invitation-texts';

describe('invitation rules', () => {
  it("splits invitee lists as Zulip's get_invitee_emails_set does", () => {
    expect(inviteeEmails('a@x.org, Bo <b@x.org>\nc@x.org,a@x.org,')).toEqual(['a@x.org', 'b@x.org', 'c@x.org', '']);
  });

  it('lets only owners invite owners, and administrators invite staff', () => {
    expect(() => checkRoleBasedPermissions(100, { role: 200 }, inviteNeedsAdmin(100))).toThrow('Must be an organization owner');
    expect(() => checkRoleBasedPermissions(300, { role: 400 }, inviteNeedsAdmin(300))).toThrow('Must be an organization administrator');
    expect(() => checkRoleBasedPermissions(400, { role: 400 }, inviteNeedsAdmin(400))).not.toThrow();
    expect(() => checkRoleBasedPermissions(100, { role: 100 }, inviteNeedsAdmin(100))).not.toThrow();
  });

  it('makes 24-character base32 keys and refuses other shapes', () => {
    const key = generateConfirmationKey();
    expect(key).toMatch(/^[a-z2-7]{24}$/);
    expect(() => checkKeyShape(key)).not.toThrow();
    expect(() => checkKeyShape('abc')).toThrow(ConfirmationKeyError);
  });

  it('tells expired, revoked and used keys apart; a reusable link is never used up', () => {
    const now = new Date('2026-01-02T00:00:00Z');
    const past = new Date('2026-01-01T00:00:00Z');
    expect(keyProblem({ isMultiuse: false, status: InvitationStatus.Active, expiryDate: null }, now)).toBeNull();
    expect(keyProblem({ isMultiuse: false, status: InvitationStatus.Active, expiryDate: past }, now)).toBe('expired');
    expect(keyProblem({ isMultiuse: true, status: InvitationStatus.Revoked, expiryDate: null }, now)).toBe('revoked');
    expect(keyProblem({ isMultiuse: false, status: InvitationStatus.Used, expiryDate: null }, now)).toBe('used');
    expect(keyProblem({ isMultiuse: true, status: InvitationStatus.Used, expiryDate: null }, now)).toBeNull();
  });

  it("applies the realm's daily limit, then the new realms' shared one", () => {
    const state = { realmSentToday: 8, realmDailyMax: 10, newRealmsSentToday: null, newRealmsDailyMax: 0 };
    expect(dailyLimitReached(state, 2)).toBe(false);
    expect(dailyLimitReached(state, 3)).toBe(true);
    expect(dailyLimitReached({ ...state, realmSentToday: 0, newRealmsSentToday: 99, newRealmsDailyMax: 100 }, 2)).toBe(true);
  });

  it('checks addresses against the domains only where the realm restricts them', () => {
    const rules = { isValid: (email: string) => email.includes('@'), restricted: true, domainAllowed: (email: string) => email.endsWith('@ok.test') };
    expect(inviteeEmailProblem('nope', rules)).toBe('Invalid address.');
    expect(inviteeEmailProblem('a@bad.test', rules)).toBe('Outside your domain.');
    expect(inviteeEmailProblem('a+b@ok.test', rules)).toBe('Email addresses containing + are not allowed.');
    expect(inviteeEmailProblem('a+b@bad.test', { ...rules, restricted: false })).toBeNull();
  });

  it("words the email and the inviter's note as Zulip does", () => {
    const mail = invitationMail({
      referrerFullName: 'Ada',
      referrerEmail: 'ada@x.org',
      realmName: 'Acme',
      activateUrl: 'http://acme.x.org/join/k/',
      supportEmail: 'owner@x.org',
    });
    expect(mail.subject).toBe('Ada has invited you to join Acme');
    expect(mail.text).toContain('Ada (ada@x.org) wants you to join them on Zulip');
    expect(mail.text).toContain('    <http://acme.x.org/join/k/>');
    expect(invitationAcceptedNotice({ id: 7, fullName: 'Bo' })).toBe('@_**Bo|7** accepted your invitation to join Zulip!');
  });
});
