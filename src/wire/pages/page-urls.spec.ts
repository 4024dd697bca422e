import { withoutPageSlash } from './page-urls';

describe('page URLs', () => {
  it('routes a page URL without its final slash, keeping the query', () => {
    expect(withoutPageSlash('/accounts/password/reset/')).toBe('/accounts/password/reset');
    expect(withoutPageSlash('/accounts/password/reset/NDI/abc/?x=1')).toBe('/accounts/password/reset/NDI/abc?x=1');
    expect(withoutPageSlash('/accounts/password/reset')).toBe('/accounts/password/reset');
    expect(withoutPageSlash('/join/abc/')).toBe('/join/abc');
    expect(withoutPageSlash('/register/')).toBe('/register');
  });

  it('leaves every other URL alone', () => {
    expect(withoutPageSlash('/api/v1/users/')).toBe('/api/v1/users/');
    expect(withoutPageSlash('/')).toBe('/');
    expect(withoutPageSlash('/api/v1/register/')).toBe('/api/v1/register/');
  });
});
