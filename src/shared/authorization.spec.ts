import { ApiError } from './api-error';
import {
  administratorRequired,
  insufficientPermission,
  notAuthorizedForQuery,
  ownerRequired,
  requireHumanUser,
  requireMemberOrAdmin,
  requireNonGuestUser,
  requireRealmAdmin,
  requireRealmOwner,
} from './authorization';
import { Role } from './roles';

/** The refusal a check throws, as the envelope shows it; null when it lets the actor through. */
function refusal(check: () => void): { msg: string; code: string; status: number } | null {
  try {
    check();
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { msg: error.msg, code: error.code, status: error.status };
  }
}

const ADMIN_REQUIRED = { msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL', status: 400 };
const OWNER_REQUIRED = { msg: 'Must be an organization owner', code: 'UNAUTHORIZED_PRINCIPAL', status: 400 };
const NO_GUESTS = { msg: 'Not allowed for guest users', code: 'BAD_REQUEST', status: 400 };
const NO_BOTS = { msg: 'This endpoint does not accept bot requests.', code: 'BAD_REQUEST', status: 400 };

const human = (role: Role) => ({ role, isBot: false });

describe('authorization', () => {
  it('requireRealmAdmin lets owners and administrators through', () => {
    expect(refusal(() => requireRealmAdmin(human(Role.Owner)))).toBeNull();
    expect(refusal(() => requireRealmAdmin(human(Role.Administrator)))).toBeNull();
    for (const role of [Role.Moderator, Role.Member, Role.Guest]) {
      expect(refusal(() => requireRealmAdmin(human(role)))).toEqual(ADMIN_REQUIRED);
    }
  });

  it('requireRealmOwner lets only owners through', () => {
    expect(refusal(() => requireRealmOwner(human(Role.Owner)))).toBeNull();
    for (const role of [Role.Administrator, Role.Moderator, Role.Member, Role.Guest]) {
      expect(refusal(() => requireRealmOwner(human(role)))).toEqual(OWNER_REQUIRED);
    }
  });

  it('requireNonGuestUser refuses guests only', () => {
    expect(refusal(() => requireNonGuestUser(human(Role.Guest)))).toEqual(NO_GUESTS);
    expect(refusal(() => requireNonGuestUser(human(Role.Member)))).toBeNull();
  });

  it('requireHumanUser refuses bots only', () => {
    expect(refusal(() => requireHumanUser({ isBot: true }))).toEqual(NO_BOTS);
    expect(refusal(() => requireHumanUser({ isBot: false }))).toBeNull();
  });

  it('requireMemberOrAdmin refuses guests first, then bots', () => {
    expect(refusal(() => requireMemberOrAdmin({ role: Role.Guest, isBot: true }))).toEqual(NO_GUESTS);
    expect(refusal(() => requireMemberOrAdmin({ role: Role.Member, isBot: true }))).toEqual(NO_BOTS);
    expect(refusal(() => requireMemberOrAdmin(human(Role.Member)))).toBeNull();
    expect(refusal(() => requireMemberOrAdmin(human(Role.Owner)))).toBeNull();
  });

  it('builds the shared refusals with their codes and statuses', () => {
    expect(refusal(() => { throw administratorRequired(); })).toEqual(ADMIN_REQUIRED);
    expect(refusal(() => { throw ownerRequired(); })).toEqual(OWNER_REQUIRED);
    expect(refusal(() => { throw insufficientPermission(); })).toEqual({ msg: 'Insufficient permission', code: 'BAD_REQUEST', status: 400 });
    expect(refusal(() => { throw notAuthorizedForQuery(); })).toEqual({ msg: 'User not authorized for this query', code: 'BAD_REQUEST', status: 400 });
  });
});
