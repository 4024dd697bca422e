import ipaddr from 'ipaddr.js';

/**
 * Where outgoing webhooks may go. A bot's URL comes from any realm member, so the server
 * must not become a way into its own network: addresses outside the public unicast ranges
 * (private, loopback, link-local, unique-local, carrier-grade NAT, multicast, reserved,
 * IPv4 mapped into IPv6 the same way, and IPv4-compatible IPv6) are refused unless the operator lists them in
 * `WEBHOOK_ALLOWED_HOSTS`.
 */
export class RefusedWebhookAddress extends Error {}

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(canonicalIpv6(address));
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    // IPv4-compatible addresses (`::127.0.0.1`, deprecated by RFC 4291): no public host has one.
    else if (v6.parts.slice(0, 6).every((part) => part === 0)) return false;
  }
  return parsed.range() === 'unicast';
}

/**
 * An IPv6 address as the URL parser (and so the connection) reads it: ipaddr.js takes
 * `::8.8.8.8` for the IPv4-mapped `::ffff:8.8.8.8`, where it is the IPv4-compatible `::808:808`.
 */
function canonicalIpv6(address: string): string {
  if (!address.includes(':')) return address;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address;
  }
}

/** The normal form of an address (`::ffff:127.0.0.1` reads as `127.0.0.1`), for allow-list matching. */
export function normalAddress(address: string): string {
  if (!ipaddr.isValid(address)) return address.toLowerCase();
  const parsed = ipaddr.process(address);
  return parsed.toString();
}

/** A URL a webhook may be configured with: http or https, with a host. */
export function parseWebhookUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RefusedWebhookAddress('is not a valid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new RefusedWebhookAddress('must use http or https');
  if (parsed.hostname === '') throw new RefusedWebhookAddress('has no host');
  return parsed;
}

/** The URL's host as the allow-list names it: lower case, IPv6 without brackets. */
export function urlHost(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/**
 * Whether a connection to `address`, reached through `host`, is allowed: public
 * addresses always, others when the host name or the address itself is listed.
 */
export function addressAllowed(host: string, address: string, allowedHosts: ReadonlySet<string>): boolean {
  if (isPublicAddress(address)) return true;
  if (allowedHosts.has(host)) return true;
  return allowedHosts.has(normalAddress(address));
}
