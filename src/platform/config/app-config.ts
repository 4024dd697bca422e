import * as path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import { DEFAULT_RATE_LIMITS, RateLimitSettings } from '../../rate-limits/domain/rate-limit';
import { DEFAULT_PASSWORD_HASH_COST, PasswordHashCost } from '../../users/domain/credentials';
import { DEFAULT_PASSWORD_POLICY, PasswordPolicy } from '../../users/domain/password-policy';

/** Where the server keeps its settings: read once from the environment at start-up. */
export class AppConfig {
  constructor(
    readonly port: number,
    readonly dataDir: string,
    readonly databaseUrl: string | undefined,
    readonly redisUrl: string | undefined,
    /** Host (and optional port) clients use to reach the server, e.g. `chat.example.com`. */
    readonly externalHost: string,
    readonly logLevel: LogLevel,
    readonly eventQueueIdleSeconds: number,
    readonly heartbeatSeconds: number,
    readonly realmName: string,
    readonly ownerEmail: string,
    readonly zulipClientCompat: boolean,
    /**
     * Zulip's `WEB_PUBLIC_STREAMS_ENABLED` server setting: web-public channels exist only
     * when it and the realm's `enable_spectator_access` are on. Off by default, as in Zulip.
     */
    readonly webPublicStreamsEnabled: boolean = false,
    /** `SMTP_URL`: where mail goes; unset, mail is written to the log instead. */
    readonly smtpUrl: string | undefined = undefined,
    /**
     * `LOG_FORMAT`: `json` (one JSON object a line) or `pretty` (for people); unset, the
     * logger picks `pretty` on a terminal and `json` elsewhere (platform/logging/terminal.ts).
     */
    readonly logFormat: LogFormat | undefined = undefined,
    /** `METRICS_ENABLED`: serve Prometheus metrics at `/metrics` on the metrics listener. */
    readonly metricsEnabled: boolean = false,
    /** `RETENTION_INTERVAL_SECONDS`: how often the message retention job runs. */
    readonly retentionIntervalSeconds: number = 3600,
    /** `MAX_FILE_UPLOAD_SIZE_MIB`: the largest message upload (register's `max_file_upload_size_mib`). */
    readonly maxFileUploadSizeMib: number = 25,
    /** `PASSWORD_HASH_MEMORY_KIB` / `PASSWORD_HASH_ITERATIONS`: argon2id's cost for new password hashes. */
    readonly passwordHashCost: PasswordHashCost = DEFAULT_PASSWORD_HASH_COST,
    /** `RATE_LIMIT_*`: Zulip's API and sign-in rate limits. */
    readonly rateLimits: RateLimitSettings = DEFAULT_RATE_LIMITS,
    /** `HTTP_*_TIMEOUT_SECONDS` and `CORS_ORIGINS`: how the HTTP server treats clients. */
    readonly http: HttpSettings = DEFAULT_HTTP_SETTINGS,
    /** `METRICS_HOST` / `METRICS_PORT`: where `/metrics` listens (never the API port). */
    readonly metricsListener: ListenAddress = DEFAULT_METRICS_LISTENER,
    /** `PASSWORD_MIN_LENGTH` / `PASSWORD_MIN_GUESSES`: what a new password must be. */
    readonly passwordPolicy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
  ) {}

  /** `EXTERNAL_HOST` without its port: realm host names and placeholder emails use it. */
  get externalHostName(): string {
    return hostWithoutPort(this.externalHost);
  }

  get embeddedDatabase(): boolean {
    return this.databaseUrl === undefined;
  }
}

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export class ConfigError extends Error {}

export interface HttpSettings {
  /** A client must have sent its request's headers within this long of starting it. */
  headersTimeoutSeconds: number;
  /** ...and the whole request (body included) within this long: slow senders cannot hold a socket. */
  requestTimeoutSeconds: number;
  /** Browser origins allowed to call the API (CORS); empty: CORS stays closed. `*` allows any. */
  corsOrigins: readonly string[];
  /**
   * A request without valid credentials must have sent its whole body within this long of
   * its headers (authenticated ones, uploads among them, have `requestTimeoutSeconds`).
   */
  unauthenticatedBodyTimeoutSeconds: number;
  /**
   * Requests one client address may have arriving slowly at once (headers or body still
   * coming after SLOW_REQUEST_SECONDS); more are closed, and new connections refused.
   */
  maxSlowRequestsPerAddress: number;
  /** `TRUSTED_PROXIES`: peers whose `X-Forwarded-For` names the client (addresses, CIDRs). */
  trustedProxies: readonly string[];
}

export interface ListenAddress {
  host: string;
  /** 0: any free port (tests). */
  port: number;
}

export const DEFAULT_METRICS_LISTENER: ListenAddress = { host: '127.0.0.1', port: 9992 };

export const DEFAULT_HTTP_SETTINGS: HttpSettings = {
  headersTimeoutSeconds: 30,
  requestTimeoutSeconds: 300,
  corsOrigins: [],
  unauthenticatedBodyTimeoutSeconds: 10,
  maxSlowRequestsPerAddress: 256,
  trustedProxies: [],
};

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

export function hostWithoutPort(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) {
    const end = trimmed.indexOf(']');
    return end > 0 ? trimmed.slice(0, end + 1) : trimmed;
  }
  const colon = trimmed.indexOf(':');
  return colon >= 0 ? trimmed.slice(0, colon) : trimmed;
}

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

export function optional(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = parseIntegerVariable('PORT', env.PORT, 9991, 0);
  if (port > 65535) throw new ConfigError(`PORT must be at most 65535 (got ${port})`);
  const externalHost = optional(env.EXTERNAL_HOST) ?? `localhost:${port}`;
  const logLevel = (optional(env.LOG_LEVEL) ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got '${logLevel}')`);
  }
  const logFormat = optional(env.LOG_FORMAT)?.toLowerCase();
  if (logFormat !== undefined && !(LOG_FORMATS as readonly string[]).includes(logFormat)) {
    throw new ConfigError(`LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')} (got '${logFormat}')`);
  }
  const metricsPort = parseIntegerVariable('METRICS_PORT', env.METRICS_PORT, DEFAULT_METRICS_LISTENER.port, 0);
  if (metricsPort > 65535) throw new ConfigError(`METRICS_PORT must be at most 65535 (got ${metricsPort})`);
  if (metricsPort !== 0 && metricsPort === port) throw new ConfigError(`METRICS_PORT must differ from PORT (both ${port})`);
  const headersTimeout = parseIntegerVariable('HTTP_HEADERS_TIMEOUT_SECONDS', env.HTTP_HEADERS_TIMEOUT_SECONDS, DEFAULT_HTTP_SETTINGS.headersTimeoutSeconds, 1);
  const requestTimeout = parseIntegerVariable('HTTP_REQUEST_TIMEOUT_SECONDS', env.HTTP_REQUEST_TIMEOUT_SECONDS, DEFAULT_HTTP_SETTINGS.requestTimeoutSeconds, 1);
  // Node refuses a headers deadline later than the whole request's.
  if (headersTimeout > requestTimeout) {
    throw new ConfigError(`HTTP_HEADERS_TIMEOUT_SECONDS (${headersTimeout}) must not exceed HTTP_REQUEST_TIMEOUT_SECONDS (${requestTimeout})`);
  }
  return new AppConfig(
    port,
    path.resolve(optional(env.DATA_DIR) ?? './data'),
    optional(env.DATABASE_URL),
    optional(env.REDIS_URL),
    externalHost.toLowerCase(),
    logLevel as LogLevel,
    parseIntegerVariable('EVENT_QUEUE_IDLE_SECONDS', env.EVENT_QUEUE_IDLE_SECONDS, 600, 1),
    parseIntegerVariable('HEARTBEAT_SECONDS', env.HEARTBEAT_SECONDS, 55, 1),
    optional(env.REALM_NAME) ?? 'Chat',
    (optional(env.OWNER_EMAIL) ?? `owner@${hostWithoutPort(externalHost)}`).toLowerCase(),
    parseBooleanVariable('ZULIP_CLIENT_COMPAT', env.ZULIP_CLIENT_COMPAT, true),
    parseBooleanVariable('WEB_PUBLIC_STREAMS_ENABLED', env.WEB_PUBLIC_STREAMS_ENABLED, false),
    optional(env.SMTP_URL),
    logFormat as LogFormat | undefined,
    parseBooleanVariable('METRICS_ENABLED', env.METRICS_ENABLED, false),
    parseIntegerVariable('RETENTION_INTERVAL_SECONDS', env.RETENTION_INTERVAL_SECONDS, 3600, 1),
    parseIntegerVariable('MAX_FILE_UPLOAD_SIZE_MIB', env.MAX_FILE_UPLOAD_SIZE_MIB, 25, 0),
    {
      // Below 1 MiB argon2 stops being memory-hard in any useful sense.
      memoryKib: parseIntegerVariable('PASSWORD_HASH_MEMORY_KIB', env.PASSWORD_HASH_MEMORY_KIB, DEFAULT_PASSWORD_HASH_COST.memoryKib, 1024),
      iterations: parseIntegerVariable('PASSWORD_HASH_ITERATIONS', env.PASSWORD_HASH_ITERATIONS, DEFAULT_PASSWORD_HASH_COST.iterations, 1),
      concurrency: parseIntegerVariable('PASSWORD_HASH_CONCURRENCY', env.PASSWORD_HASH_CONCURRENCY, DEFAULT_PASSWORD_HASH_COST.concurrency, 1),
      queue: parseIntegerVariable('PASSWORD_HASH_QUEUE', env.PASSWORD_HASH_QUEUE, DEFAULT_PASSWORD_HASH_COST.queue, 0),
    },
    {
      enabled: parseBooleanVariable('RATE_LIMIT_ENABLED', env.RATE_LIMIT_ENABLED, DEFAULT_RATE_LIMITS.enabled),
      apiPerMinute: parseIntegerVariable('RATE_LIMIT_API_PER_MINUTE', env.RATE_LIMIT_API_PER_MINUTE, DEFAULT_RATE_LIMITS.apiPerMinute, 1),
      unauthenticatedPerMinute: parseIntegerVariable(
        'RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE',
        env.RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE,
        DEFAULT_RATE_LIMITS.unauthenticatedPerMinute,
        1,
      ),
      authAttempts: parseIntegerVariable('RATE_LIMIT_AUTH_ATTEMPTS', env.RATE_LIMIT_AUTH_ATTEMPTS, DEFAULT_RATE_LIMITS.authAttempts, 1),
      authWindowSeconds: parseIntegerVariable(
        'RATE_LIMIT_AUTH_WINDOW_SECONDS',
        env.RATE_LIMIT_AUTH_WINDOW_SECONDS,
        DEFAULT_RATE_LIMITS.authWindowSeconds,
        1,
      ),
    },
    {
      headersTimeoutSeconds: headersTimeout,
      requestTimeoutSeconds: requestTimeout,
      corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
      unauthenticatedBodyTimeoutSeconds: parseIntegerVariable(
        'HTTP_UNAUTHENTICATED_BODY_TIMEOUT_SECONDS',
        env.HTTP_UNAUTHENTICATED_BODY_TIMEOUT_SECONDS,
        DEFAULT_HTTP_SETTINGS.unauthenticatedBodyTimeoutSeconds,
        1,
      ),
      maxSlowRequestsPerAddress: parseIntegerVariable(
        'HTTP_MAX_SLOW_REQUESTS_PER_ADDRESS',
        env.HTTP_MAX_SLOW_REQUESTS_PER_ADDRESS,
        DEFAULT_HTTP_SETTINGS.maxSlowRequestsPerAddress,
        1,
      ),
      trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    },
    {
      host: optional(env.METRICS_HOST) ?? DEFAULT_METRICS_LISTENER.host,
      port: metricsPort,
    },
    {
      minLength: parseIntegerVariable('PASSWORD_MIN_LENGTH', env.PASSWORD_MIN_LENGTH, DEFAULT_PASSWORD_POLICY.minLength, 1),
      minGuesses: parseIntegerVariable('PASSWORD_MIN_GUESSES', env.PASSWORD_MIN_GUESSES, DEFAULT_PASSWORD_POLICY.minGuesses, 0),
    },
  );
}
