import * as path from 'node:path';

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

export class ConfigError extends Error {}

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

function parseIntegerVariable(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^\d+$/.test(value.trim())) throw new ConfigError(`${name} must be a whole number (got '${value}')`);
  const parsed = Number(value.trim());
  if (parsed < min) throw new ConfigError(`${name} must be at least ${min} (got ${parsed})`);
  return parsed;
}

function optional(value: string | undefined): string | undefined {
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
    parseBooleanVariable('ZULIP_CLIENT_COMPAT', env.ZULIP_CLIENT_COMPAT, false),
    parseBooleanVariable('WEB_PUBLIC_STREAMS_ENABLED', env.WEB_PUBLIC_STREAMS_ENABLED, false),
    optional(env.SMTP_URL),
  );
}
