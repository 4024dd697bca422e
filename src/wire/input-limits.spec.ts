import { isMalformedPath } from './input-limits';

describe('issue 33 item 8: malformed request paths', () => {
  it('refuses a NUL, raw or escaped', () => {
    for (const target of ['/accounts/confirm_new_email/%00', '/api/v1/users/a%00b@x.test', '/join/a\0b/']) {
      expect(isMalformedPath(target)).toBe(true);
    }
  });

  it('refuses escapes that are broken or not UTF-8, and raw bytes that are not UTF-8', () => {
    for (const target of ['/api/v1/users/%FF', '/join/%C3%28/', '/join/%C0%80/', '/join/%ED%A0%80/', '/join/%zz/', '/join/%E2%82/', `/join/${String.fromCharCode(0xff)}/`]) {
      expect(isMalformedPath(target)).toBe(true);
    }
  });

  it('lets through well-formed paths, UTF-8 raw or escaped, and leaves the query alone', () => {
    const euro = Buffer.from('€', 'utf8').toString('latin1');
    for (const target of ['/', '/api/v1/users/ann%40example.com', '/api/v1/realm/emoji/caf%C3%A9', `/join/${euro}/`, '/api/v1/messages?anchor=%00', '/user_uploads/1/ab/file%20name.txt']) {
      expect(isMalformedPath(target)).toBe(false);
    }
  });
});
