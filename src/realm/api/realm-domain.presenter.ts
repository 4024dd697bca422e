import { RealmDomain } from '../public/realm-domains';

/** Zulip's `RealmDomainDict`, as `GET /realm/domains`, register and `realm_domains` events give it. */
export interface RealmDomainWire {
  domain: string;
  allow_subdomains: boolean;
}

export function presentRealmDomain(row: RealmDomain): RealmDomainWire {
  return { domain: row.domain, allow_subdomains: row.allowSubdomains };
}
