import { checkCsrfFormToken, csrfFormToken, isCsrfSecret, newCsrfSecret } from './csrf-token';

describe('CSRF form tokens', () => {
  const secret = newCsrfSecret();

  it('accepts a token made with the cookie secret for the same form', () => {
    expect(isCsrfSecret(secret)).toBe(true);
    expect(checkCsrfFormToken(secret, '/accounts/password/reset/', csrfFormToken(secret, '/accounts/password/reset/'))).toBe(true);
  });

  it('refuses another cookie, another form, a forged or missing token', () => {
    const token = csrfFormToken(secret, '/a/');
    expect(checkCsrfFormToken(newCsrfSecret(), '/a/', token)).toBe(false);
    expect(checkCsrfFormToken(secret, '/b/', token)).toBe(false);
    expect(checkCsrfFormToken(secret, '/a/', `${token.split('.')[0]}.AAAA`)).toBe(false);
    expect(checkCsrfFormToken(secret, '/a/', undefined)).toBe(false);
    expect(checkCsrfFormToken(undefined, '/a/', token)).toBe(false);
    expect(checkCsrfFormToken('short', '/a/', token)).toBe(false);
  });
});
