import { arr, bool, int, obj, str } from '../json-schema';
import { OperationTable, success } from '../operation-doc';

/** Zulip's `RealmDomainDict`. */
const REALM_DOMAIN = obj({ domain: str, allow_subdomains: bool });

/** The realm's email domains (not in Zulip's OpenAPI document: zerver/views/realm_domains.py). */
export const REALM_DOMAIN_OPERATIONS: OperationTable = {
  'GET /api/v1/realm/domains': success('The domains a realm restricted to its domains takes addresses at.', { domains: arr(REALM_DOMAIN) }),
  'POST /api/v1/realm/domains': success(
    'Add a domain (organization owners): `domain`, stripped and lowercased, and whether it `allow_subdomains`. Answers its id and domain.',
    { new_domain: { type: 'array', prefixItems: [int, str] } },
  ),
  'PATCH /api/v1/realm/domains/{domain}': success('Change whether a domain allows its subdomains (organization owners).'),
  'DELETE /api/v1/realm/domains/{domain}': success(
    'Remove a domain (organization owners); removing the last one lifts `emails_restricted_to_domains`.',
  ),
};
