import { isValidEmail } from './user-rules';

describe('isValidEmail', () => {
  it('issue 33 item 3: takes one plain address, and nothing a mailer reads as a list or a display name', () => {
    for (const email of ['a@example.org', "o'brien+chat@example.org", 'first.last@sub.example.org', 'owner@localhost', 'x_y-z@a-b.test']) {
      expect({ email, valid: isValidEmail(email) }).toEqual({ email, valid: true });
    }
    for (const email of [
      'v1,victim@example.org',
      'Boss <boss@example.org>',
      'a<b@example.org',
      'a>b@example.org',
      'a;b@example.org',
      'a:b@example.org',
      '"a b"@example.org',
      'a b@example.org',
      ' a@example.org',
      '.a@example.org',
      'a..b@example.org',
      'a@example..org',
      'a@-example.org',
      'a@@example.org',
      'a@example.org,b@example.org',
      `${'a'.repeat(250)}@example.org`,
    ]) {
      expect({ email, valid: isValidEmail(email) }).toEqual({ email, valid: false });
    }
  });
});
