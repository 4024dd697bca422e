import * as dns from 'node:dns';
import * as net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where the server's own outbound requests (outgoing webhooks, the external image proxy)
 * may go. Their URLs come from realm members, so the server must not become a way into
 * its own network: addresses outside the public unicast ranges (private, loopback,
 * link-local, unique-local, carrier-grade NAT, multicast, reserved, IPv4 mapped into IPv6
 * the same way, and IPv4-compatible IPv6) are refused unless the operator lists them
 * (`WEBHOOK_ALLOWED_HOSTS`, `EXTERNAL_CONTENT_ALLOWED_HOSTS`).
 */
export class RefusedAddress extends Error {}

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

/** A URL the server may fetch: http or https, with a host. */
export function parseHttpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RefusedAddress('is not a valid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new RefusedAddress('must use http or https');
  if (parsed.hostname === '') throw new RefusedAddress('has no host');
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

/**
 * The `lookup` of every guarded connection: resolves the host and refuses the connection
 * unless every address is allowed, so a name that resolves differently at connection time
 * than when it was checked (DNS rebinding) still cannot reach a refused address.
 */
export function guardedLookup(allowedHosts: ReadonlySet<string>): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, entries) => {
      if (error) return callback(error, '', 0);
      const host = hostname.toLowerCase();
      const refused = entries.find((entry) => !addressAllowed(host, entry.address, allowedHosts));
      if (refused || entries.length === 0) {
        return callback(new RefusedAddress('points to a private, loopback or link-local address'), '', 0);
      }
      if ((options as dns.LookupOptions).all) {
        (callback as unknown as (err: null, addresses: dns.LookupAddress[]) => void)(null, entries);
      } else {
        callback(null, entries[0].address, entries[0].family);
      }
    });
  };
}

/** Refuses a URL whose host is a literal address the guard does not allow (no lookup runs for those). */
export function checkLiteralHost(url: URL, allowedHosts: ReadonlySet<string>): void {
  const host = urlHost(url);
  if (net.isIP(host) && !addressAllowed(host, host, allowedHosts)) {
    throw new RefusedAddress('points to a private, loopback or link-local address');
  }
}
