import { pyStrip } from '../../shared/message-content';
import { ApiError } from '../../shared/api-error';

/** A domain the realm's members' addresses may be at (Zulip's RealmDomain), and whether its subdomains count too. */
export interface RealmDomain {
  domain: string;
  allowSubdomains: boolean;
}

/** Zulip's `validate_domain` limit (its column holds 80; this server's holds all 255). */
export const MAX_DOMAIN_LENGTH = 255;

/** Why `validate_domain` refuses the domain, or null when it takes it. */
function domainProblem(domain: string): string | null {
  if (domain.length === 0) return "Domain can't be empty.";
  if (!domain.includes('.')) return 'Domain must have at least one dot (.)';
  if ([...domain].length > MAX_DOMAIN_LENGTH) return 'Domain is too long';
  if (domain.startsWith('.') || domain.endsWith('.')) return 'Domain cannot start or end with a dot (.)';
  for (const label of domain.split('.')) {
    if (label === '') return "Consecutive '.' are not allowed.";
    if (label.startsWith('-') || label.endsWith('-')) return "Subdomains cannot start or end with a '-'.";
    // Python's `$` would also let one newline end a label ("a\n.com"); no domain has one.
    if (!/^[a-z0-9-]*$/.test(label)) return "Domain can only have letters, numbers, '.' and '-'s.";
  }
  return null;
}

/**
 * A domain as Zulip's `create_realm_domain` stores it: stripped, lowercased, then checked
 * by `validate_domain` ("Invalid domain: ..." otherwise).
 */
export function normalizedRealmDomain(raw: string): string {
  const domain = pyStrip(raw).toLowerCase();
  const problem = domainProblem(domain);
  if (problem !== null) throw ApiError.badRequest(`Invalid domain: ${problem}`);
  return domain;
}

/**
 * Zulip's `email_allowed_for_realm` check on the domains, for a realm whose
 * `emails_restricted_to_domains` is on: the address's domain is one of them, or a
 * subdomain (at any depth) of one that allows subdomains.
 */
export function emailDomainAllowed(email: string, domains: readonly RealmDomain[]): boolean {
  let domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (domains.some((entry) => entry.domain === domain)) return true;
  const parents = domains.filter((entry) => entry.allowSubdomains);
  while (domain.length > 0) {
    const dot = domain.indexOf('.');
    domain = dot < 0 ? '' : domain.slice(dot + 1);
    if (parents.some((entry) => entry.domain === domain)) return true;
  }
  return false;
}
