import { confirmationKey } from '../../shared/confirmation-key';
import { isSignupKeyShape, signupEmailRefusal } from './signup-rules';

describe('signup rules', () => {
  const open = { inviteRequired: false, emailsRestrictedToDomains: false, domainAllowed: false };

  it('makes keys of Zulip\'s shape', () => {
    const key = confirmationKey();
    expect(key).toMatch(/^[a-z0-9]{24}$/);
    expect(isSignupKeyShape(key)).toBe(true);
    expect(isSignupKeyShape('ABC')).toBe(false);
    expect(confirmationKey()).not.toBe(key);
  });

  it('refuses as Zulip\'s HomepageForm does, in its order', () => {
    expect(signupEmailRefusal('a@x.org', open)).toBeNull();
    expect(signupEmailRefusal('a+b@x.org', open)).toBeNull();
    expect(signupEmailRefusal('a@x.org', { ...open, inviteRequired: true })).toBe('Please request an invite for a@x.org from the organization administrator.');
    const restricted = { ...open, emailsRestrictedToDomains: true };
    expect(signupEmailRefusal('a+b@x.org', { ...restricted, domainAllowed: true })).toBe('Email addresses containing + are not allowed in this organization.');
    expect(signupEmailRefusal('a@x.org', restricted)).toBe(
      'Your email address, a@x.org, is not in one of the domains that are allowed to register for accounts in this organization.',
    );
    expect(signupEmailRefusal('a@x.org', { ...restricted, domainAllowed: true })).toBeNull();
  });
});
