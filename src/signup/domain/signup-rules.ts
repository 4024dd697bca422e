import { SIGNUP_TEXTS as t } from './signup-texts';

/** Zulip's USER_REGISTRATION confirmation lives `CONFIRMATION_LINK_DEFAULT_VALIDITY_DAYS`: one day. */
export const SIGNUP_LINK_MINUTES = 24 * 60;

/** Why a confirmation key opens nothing, with Zulip's words (confirmation/models.py). */
export type SignupKeyProblem = 'malformed' | 'not_found' | 'expired';

export function signupKeyProblemText(problem: SignupKeyProblem): string {
  if (problem === 'malformed') return t.linkMalformed;
  if (problem === 'not_found') return t.linkNotFound;
  return t.linkExpired;
}

/** Zulip's `get_object_from_key` length check: keys are 24 characters (40 for old ones). */
export function isSignupKeyShape(key: string): boolean {
  return /^[a-z0-9]{24}$|^[a-z0-9]{40}$/.test(key);
}

/** What a realm's rules say of self-sign-up by one address (Zulip's HomepageForm.clean_email). */
export interface SignupRealmRules {
  inviteRequired: boolean;
  emailsRestrictedToDomains: boolean;
  /** Whether the address's domain is one of the realm's (only read when restricted). */
  domainAllowed: boolean;
}

/**
 * The refusal of Zulip's `HomepageForm.clean_email` and `email_allowed_for_realm` for a
 * self-sign-up, or null: invitation required, then (restricted realms) a `+` in the local
 * part, then a domain outside the realm's.
 */
export function signupEmailRefusal(email: string, rules: SignupRealmRules): string | null {
  if (rules.inviteRequired) return t.inviteRequired(email);
  if (!rules.emailsRestrictedToDomains) return null;
  if (email.slice(0, email.lastIndexOf('@')).includes('+')) return t.plusRefused;
  if (!rules.domainAllowed) return t.domainRefused(email);
  return null;
}
