import { ApiError } from '../../shared/api-error';
import { emailDomainAllowed, normalizedRealmDomain } from './realm-domains';

function refusal(raw: string): string | null {
  try {
    normalizedRealmDomain(raw);
    return null;
  } catch (error) {
    return error instanceof ApiError ? error.msg : String(error);
  }
}

describe('realm domains', () => {
  it('strips and lowercases before checking', () => {
    expect(normalizedRealmDomain('  Example.COM\n')).toBe('example.com');
    expect(normalizedRealmDomain('mail-1.a-b.example.org')).toBe('mail-1.a-b.example.org');
  });

  it("refuses what Zulip's validate_domain refuses, in its order and words", () => {
    expect(refusal('   ')).toBe("Invalid domain: Domain can't be empty.");
    expect(refusal('localhost')).toBe('Invalid domain: Domain must have at least one dot (.)');
    expect(refusal(`${'a'.repeat(250)}.example`)).toBe('Invalid domain: Domain is too long');
    expect(refusal('.example.com')).toBe('Invalid domain: Domain cannot start or end with a dot (.)');
    expect(refusal('example.com.')).toBe('Invalid domain: Domain cannot start or end with a dot (.)');
    expect(refusal('example..com')).toBe("Invalid domain: Consecutive '.' are not allowed.");
    expect(refusal('-example.com')).toBe("Invalid domain: Subdomains cannot start or end with a '-'.");
    expect(refusal('example.com-')).toBe("Invalid domain: Subdomains cannot start or end with a '-'.");
    expect(refusal('exa_mple.com')).toBe("Invalid domain: Domain can only have letters, numbers, '.' and '-'s.");
    expect(refusal('bücher.example')).toBe("Invalid domain: Domain can only have letters, numbers, '.' and '-'s.");
    expect(refusal('user@example.com')).toBe("Invalid domain: Domain can only have letters, numbers, '.' and '-'s.");
  });

  it('allows addresses at a domain, and at its subdomains where that is allowed', () => {
    const domains = [
      { domain: 'example.com', allowSubdomains: false },
      { domain: 'corp.example.org', allowSubdomains: true },
    ];
    expect(emailDomainAllowed('ann@Example.COM', domains)).toBe(true);
    expect(emailDomainAllowed('ann@mail.example.com', domains)).toBe(false);
    expect(emailDomainAllowed('ann@corp.example.org', domains)).toBe(true);
    expect(emailDomainAllowed('ann@a.b.corp.example.org', domains)).toBe(true);
    expect(emailDomainAllowed('ann@example.org', domains)).toBe(false);
    expect(emailDomainAllowed('ann@notcorp.example.org', domains)).toBe(false);
    expect(emailDomainAllowed('"odd@name"@example.com', domains)).toBe(true);
  });
});
