import { isTokenShaped, resetLinkPath, userIdOfLink } from './password-reset-link';

describe('password reset links', () => {
  it('names the user as Django does and reads it back', () => {
    expect(resetLinkPath(42, 'abc')).toBe('/accounts/password/reset/NDI/abc/');
    expect(userIdOfLink('NDI')).toBe(42);
  });

  it('refuses what names no user', () => {
    expect(userIdOfLink('')).toBeNull();
    expect(userIdOfLink('!!')).toBeNull();
    expect(userIdOfLink(Buffer.from('0').toString('base64url'))).toBeNull();
    expect(userIdOfLink(Buffer.from('12a').toString('base64url'))).toBeNull();
    expect(isTokenShaped('a'.repeat(24))).toBe(true);
    expect(isTokenShaped('A'.repeat(24))).toBe(false);
  });
});
