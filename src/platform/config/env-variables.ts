import proxyAddr from '@fastify/proxy-addr';

/** A variable the server cannot start with: start-up prints the message alone and exits 1. */
export class ConfigError extends Error {}

/** Every boolean variable of the project reads `true`/`1` as on and `false`/`0` as off. */
export function parseBooleanVariable(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  const normalized = value.trim().toLowerCase();
  if (normalized === 'true' || normalized === '1') return true;
  if (normalized === 'false' || normalized === '0') return false;
  throw new ConfigError(`${name} must be true, false, 1 or 0 (got '${value}')`);
}

export function parseIntegerVariable(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^\d+$/.test(value.trim())) throw new ConfigError(`${name} must be a whole number (got '${value}')`);
  const parsed = Number(value.trim());
  if (parsed < min) throw new ConfigError(`${name} must be at least ${min} (got ${parsed})`);
  return parsed;
}

/** A port variable: a whole number from 0 to 65535. */
export function parsePortVariable(name: string, value: string | undefined, fallback: number): number {
  const port = parseIntegerVariable(name, value, fallback, 0);
  if (port > 65535) throw new ConfigError(`${name} must be at most 65535 (got ${port})`);
  return port;
}

/** One of a fixed list of words, in any case. */
export function parseChoiceVariable<T extends string>(name: string, value: string | undefined, choices: readonly T[], fallback: T): T {
  const chosen = (optional(value) ?? fallback).toLowerCase();
  if (!(choices as readonly string[]).includes(chosen)) throw new ConfigError(`${name} must be one of ${choices.join(', ')} (got '${chosen}')`);
  return chosen as T;
}

/**
 * `PORT`, alone: the container's health check (healthcheck.ts) reads it through here, and
 * loads nothing else of the server.
 */
export function loadPort(env: NodeJS.ProcessEnv = process.env): number {
  return parsePortVariable('PORT', env.PORT, 9991);
}

/** Unset and blank are the same: the default. */
/**
 * A connection URL of one of `schemes` (`'postgres:'`...), checked at start-up so that a
 * wrong one names its variable instead of failing later as a connection error. The message
 * never repeats the value: such URLs carry passwords.
 */
export function parseUrlVariable(name: string, value: string | undefined, schemes: readonly string[], needsHost: boolean): string | undefined {
  const text = optional(value);
  if (text === undefined) return undefined;
  const expected = schemes.map((scheme) => `${scheme}//`).join(' or ');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`${name} must be a ${expected} URL (the value is not a URL)`);
  }
  if (!schemes.includes(url.protocol)) throw new ConfigError(`${name} must be a ${expected} URL (got a ${url.protocol} URL)`);
  if (needsHost && url.hostname === '') throw new ConfigError(`${name} must name a host (${expected}host:port)`);
  return text;
}

export function optional(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** `TRUSTED_PROXIES`: comma-separated addresses, CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`. */
export function parseTrustedProxies(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    try {
      proxyAddr.compile(entry);
    } catch {
      throw new ConfigError(`TRUSTED_PROXIES must list addresses or CIDR ranges such as 10.0.0.0/8 (got '${entry}')`);
    }
  }
  return entries;
}

/** `CORS_ORIGINS`: comma-separated origins such as `https://chat.example.com`, or `*`. */
export function parseCorsOrigins(value: string | undefined): string[] {
  const origins = (value ?? '').split(',').map((origin) => origin.trim().replace(/\/+$/, '')).filter(Boolean);
  for (const origin of origins) {
    if (origin === '*') continue;
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      throw new ConfigError(`CORS_ORIGINS must list origins such as https://chat.example.com (got '${origin}')`);
    }
    if (parsed.origin !== origin) throw new ConfigError(`CORS_ORIGINS must list origins such as https://chat.example.com (got '${origin}')`);
  }
  return origins;
}

/** `WEBHOOK_ALLOWED_HOSTS` and the like: comma-separated host names or addresses (IPv6 with or without brackets). */
export function parseAllowedHosts(name: string, value: string | undefined): Set<string> {
  const hosts = (optional(value) ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1'))
    .filter((host) => host !== '');
  for (const host of hosts) {
    if (/[\s/]/.test(host)) throw new ConfigError(`${name} names host names or addresses, not URLs (got '${host}')`);
  }
  return new Set(hosts);
}

export function hostWithoutPort(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) {
    const end = trimmed.indexOf(']');
    return end > 0 ? trimmed.slice(0, end + 1) : trimmed;
  }
  const colon = trimmed.indexOf(':');
  return colon >= 0 ? trimmed.slice(0, colon) : trimmed;
}

/** Zulip's `EXTERNAL_URI_SCHEME` values. */
export const URI_SCHEMES = ['https://', 'http://'] as const;
export type UriScheme = (typeof URI_SCHEMES)[number];

/**
 * `EXTERNAL_HOST`: a host name or address with an optional port, nothing else. A scheme or
 * a path would end up inside every link the server builds (`http://http://...`), so either
 * is refused rather than guessed at.
 */
export function parseExternalHost(value: string | undefined, fallback: string): string {
  const host = (optional(value) ?? fallback).toLowerCase();
  if (host.includes('://')) throw new ConfigError(`EXTERNAL_HOST must be a host name without a scheme, e.g. chat.example.com (set EXTERNAL_URI_SCHEME for the scheme; got '${host}')`);
  if (/[/?#@\s]/.test(host)) throw new ConfigError(`EXTERNAL_HOST must be a host name and optional port, without a path, e.g. chat.example.com (got '${host}')`);
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(:\d{1,5})?$/.test(host)) {
    throw new ConfigError(`EXTERNAL_HOST must be a host name and optional port, e.g. chat.example.com or localhost:9991 (got '${host}')`);
  }
  return host;
}

/**
 * `EXTERNAL_URI_SCHEME`, `https://` or `http://`. Unset: `http://` for a host that cannot
 * have a certificate from a public authority (`localhost`, a loopback address, a name
 * without a dot), so that the quick start works without TLS; `https://` for any other.
 */
export function parseUriScheme(value: string | undefined, externalHostName: string): UriScheme {
  const given = optional(value)?.toLowerCase();
  if (given !== undefined) {
    if (!(URI_SCHEMES as readonly string[]).includes(given)) throw new ConfigError(`EXTERNAL_URI_SCHEME must be https:// or http:// (got '${value}')`);
    return given as UriScheme;
  }
  return isLocalHostName(externalHostName) ? 'http://' : 'https://';
}

function isLocalHostName(hostName: string): boolean {
  const bare = hostName.replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare)) return true;
  return !bare.includes('.') && !bare.includes(':');
}
