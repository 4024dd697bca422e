import { DEFAULT_PASSWORD_POLICY } from '../../platform/config/app-config';
import { isAcceptablePassword, passwordGuesses } from './password-policy';

describe("Zulip's password strength check", () => {
  it('refuses short and easily guessed passwords by default', async () => {
    for (const weak of ['password', 'aaaaaa', 'qwerty123', '12345678', 'abc']) {
      expect([weak, await isAcceptablePassword(weak, DEFAULT_PASSWORD_POLICY)]).toEqual([weak, false]);
    }
    for (const fair of ['secret123', 'owner-password', 'correct horse battery staple', 'x'.repeat(5) + 'Q7#pz']) {
      expect([fair, await isAcceptablePassword(fair, DEFAULT_PASSWORD_POLICY)]).toEqual([fair, true]);
    }
    expect(await passwordGuesses('password')).toBeLessThan(10_000);
  });

  it('takes its length and guesses from the policy; 0 guesses turns the strength check off', async () => {
    expect(await isAcceptablePassword('aaaaaa', { minLength: 6, minGuesses: 0 })).toBe(true);
    expect(await isAcceptablePassword('aaaaa', { minLength: 6, minGuesses: 0 })).toBe(false);
    expect(await isAcceptablePassword('secret123', { minLength: 12, minGuesses: 0 })).toBe(false);
    expect(await isAcceptablePassword('secret123', { minLength: 6, minGuesses: 1e9 })).toBe(false);
    expect(await isAcceptablePassword('y'.repeat(101), { minLength: 6, minGuesses: 0 })).toBe(false);
  });
});
