import { encodeEmailAddress, newEmailToken, slugify } from './channel-email-address';

const TOKEN = 'af64447e9e39374841063747ade8e6b0';

describe('channel email addresses', () => {
  it("forms Zulip's addresses", () => {
    // Zulip's own example: channel "test", the test server's pattern.
    expect(encodeEmailAddress('%s@testserver', 'test', TOKEN, true)).toBe(`test.${TOKEN}.show-sender@testserver`);
    expect(encodeEmailAddress('%s@testserver', 'Denmark office', TOKEN, false)).toBe(`denmark-office.${TOKEN}@testserver`);
    expect(encodeEmailAddress('%s@testserver', 'a / b  c', TOKEN, true)).toBe(`a-b-c.${TOKEN}.show-sender@testserver`);
    // Letters without an ASCII form: the name is left out.
    expect(encodeEmailAddress('%s@testserver', 'Политика', TOKEN, true)).toBe(`channel.${TOKEN}.show-sender@testserver`);
    // Accents fold to ASCII and keep the name.
    expect(encodeEmailAddress('%s@testserver', 'café', TOKEN, true)).toBe(`cafe.${TOKEN}.show-sender@testserver`);
    // A trailing hyphen that slugify strips shortens the name: left out too.
    expect(encodeEmailAddress('%s@testserver', 'help!', TOKEN, true)).toBe(`channel.${TOKEN}.show-sender@testserver`);
  });

  it('answers no address without a gateway pattern, as Zulip by default', () => {
    expect(encodeEmailAddress('', 'test', TOKEN, true)).toBe('');
  });

  it("slugifies as Django's slugify", () => {
    expect(slugify(' Hello, World! ')).toBe('hello-world');
    expect(slugify('_under_')).toBe('under');
    expect(slugify('a--b')).toBe('a-b');
  });

  it('makes tokens of 32 hexadecimal characters', () => {
    expect(newEmailToken()).toMatch(/^[0-9a-f]{32}$/);
  });
});
