import { withCsrfToken } from './web-app-page';

describe('withCsrfToken', () => {
  it('puts the token right before </head>', () => {
    const page = '<!doctype html><html><head><title>App</title></head><body></body></html>';
    expect(withCsrfToken(page, 'abc_-1')).toBe(
      '<!doctype html><html><head><title>App</title><meta name="csrf-token" content="abc_-1"></head><body></body></html>',
    );
  });

  it('finds </HEAD > whatever its case and spacing, and escapes the token', () => {
    expect(withCsrfToken('<head></HEAD ><body>', 'a"b')).toBe('<head><meta name="csrf-token" content="a&quot;b"></HEAD ><body>');
  });

  it('starts a page that has no head with it', () => {
    expect(withCsrfToken('<p>app</p>', 't')).toBe('<meta name="csrf-token" content="t"><p>app</p>');
  });
});
