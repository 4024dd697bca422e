import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * Zulip's `check_password_strength`: at least `minLength` characters (at most
 * PASSWORD_MAX_LENGTH), and, unless `minGuesses` is 0, at least that many guesses by
 * zxcvbn's estimate (Zulip's defaults: 6 and 10,000). `PASSWORD_MIN_LENGTH` and
 * `PASSWORD_MIN_GUESSES` set them; register sends both to clients.
 */
export interface PasswordPolicy {
  minLength: number;
  minGuesses: number;
}

export const PASSWORD_MAX_LENGTH = 100;
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: 6, minGuesses: 10_000 };

let estimator: ZxcvbnFactory | null = null;

/** zxcvbn with the common and English dictionaries, built on first use (a few MB, once). */
function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
  return estimator;
}

/** zxcvbn's estimate of the guesses needed to find `password`. */
export function passwordGuesses(password: string): number {
  return strengthEstimator().check(password).guesses;
}

export function isAcceptablePassword(password: string, policy: PasswordPolicy): boolean {
  if (password.length < policy.minLength || password.length > PASSWORD_MAX_LENGTH) return false;
  return policy.minGuesses === 0 || passwordGuesses(password) >= policy.minGuesses;
}
