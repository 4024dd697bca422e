import * as path from 'node:path';
import {
  ConfigError,
  hostWithoutPort,
  loadPort,
  optional,
  parseAllowedHosts,
  parseUrlVariable,
  parseBooleanVariable,
  parseChoiceVariable,
  parseCorsOrigins,
  parseExternalHost,
  parseIntegerVariable,
  parsePortVariable,
  parseTrustedProxies,
  parseUriScheme,
} from './env-variables';
import {
  CallSettings,
  DatabaseSettings,
  EmailGatewaySettings,
  EventQueueSettings,
  HttpSettings,
  BotSettings,
  InviteSettings,
  ListenAddress,
  LOG_FORMATS,
  LOG_LEVELS,
  LogSettings,
  MailSettings,
  MetricsSettings,
  PasswordHashCost,
  PasswordPolicy,
  PasswordSettings,
  RateLimitSettings,
  RedisSettings,
  RetentionSettings,
  ServerSettings,
  StorageSettings,
  WebhookSettings,
  PushSettings,
  ExternalContentSettings,
} from './settings';

// The start-up scripts (main, worker, cli) catch ConfigError beside loadConfig.
export { ConfigError } from './env-variables';
export { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './settings';

/**
 * Every setting of the server, read once from the environment at start-up by `loadConfig`
 * (the only code that reads `process.env`). ConfigModule provides each part on its own.
 */
export interface AppConfig {
  readonly server: ServerSettings;
  readonly log: LogSettings;
  readonly http: HttpSettings;
  readonly metrics: MetricsSettings;
  readonly storage: StorageSettings;
  readonly database: DatabaseSettings;
  readonly redis: RedisSettings;
  readonly eventQueues: EventQueueSettings;
  readonly webhooks: WebhookSettings;
  readonly rateLimits: RateLimitSettings;
  readonly passwords: PasswordSettings;
  readonly mail: MailSettings;
  readonly retention: RetentionSettings;
  readonly calls: CallSettings;
  readonly emailGateway: EmailGatewaySettings;
  readonly invites: InviteSettings;
  readonly bots: BotSettings;
  readonly externalContent: ExternalContentSettings;
  readonly push: PushSettings;
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

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  enabled: true,
  apiPerMinute: 200,
  unauthenticatedPerMinute: 100,
  authAttempts: 5,
  authWindowSeconds: 1800,
};

/**
 * The argon2 library's own cost (64 MiB, 3 passes); a hash records its cost, so hashes made
 * under other settings keep verifying.
 */
export const DEFAULT_PASSWORD_HASH_COST: PasswordHashCost = { memoryKib: 65536, iterations: 3, concurrency: 2, queue: 32 };

/** Zulip's defaults: 6 characters, 10,000 guesses by zxcvbn's estimate. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: 6, minGuesses: 10_000 };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const server = loadServerSettings(env);
  const dataDir = path.resolve(optional(env.DATA_DIR) ?? './data');
  // node-postgres also reads `postgres:///db?host=/run/postgresql` (a socket folder, no host).
  const databaseUrl = parseUrlVariable('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:'], false);
  return {
    server,
    log: {
      level: parseChoiceVariable('LOG_LEVEL', env.LOG_LEVEL, LOG_LEVELS, 'info'),
      format: optional(env.LOG_FORMAT) === undefined ? undefined : parseChoiceVariable('LOG_FORMAT', env.LOG_FORMAT, LOG_FORMATS, 'json'),
    },
    http: loadHttpSettings(env),
    metrics: loadMetricsSettings(env, server.port),
    storage: { dataDir, maxFileUploadSizeMib: parseIntegerVariable('MAX_FILE_UPLOAD_SIZE_MIB', env.MAX_FILE_UPLOAD_SIZE_MIB, 25, 0) },
    database: {
      url: databaseUrl,
      embedded: databaseUrl === undefined,
      dataDir,
      poolSize: parseIntegerVariable('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, 20, 2),
      oneShot: false,
    },
    redis: { url: parseUrlVariable('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:'], true), deploymentId: loadDeploymentId(env) },
    eventQueues: loadEventQueueSettings(env),
    webhooks: loadWebhookSettings(env),
    externalContent: loadExternalContentSettings(env),
    rateLimits: loadRateLimitSettings(env),
    passwords: loadPasswordSettings(env),
    mail: loadMailSettings(env, server),
    retention: { intervalSeconds: parseIntegerVariable('RETENTION_INTERVAL_SECONDS', env.RETENTION_INTERVAL_SECONDS, 3600, 1) },
    calls: loadCallSettings(env),
    emailGateway: loadEmailGatewaySettings(env),
    invites: loadInviteSettings(env),
    bots: { maxPerUser: parseIntegerVariable('MAX_BOTS_PER_USER', env.MAX_BOTS_PER_USER, 100, 0) },
    push: loadPushSettings(env),
  };
}

/** Letters, digits, `.`, `_` and `-`: it names keys and shows in logs. */
function loadDeploymentId(env: NodeJS.ProcessEnv): string | undefined {
  const id = optional(env.DEPLOYMENT_ID);
  if (id !== undefined && !/^[A-Za-z0-9._-]{1,64}$/.test(id)) {
    throw new ConfigError(`DEPLOYMENT_ID must be 1 to 64 letters, digits, '.', '_' or '-' (got '${id}')`);
  }
  return id;
}

/** Zulip's defaults (zproject/default_settings.py), each a variable of the same name. */
function loadInviteSettings(env: NodeJS.ProcessEnv): InviteSettings {
  return {
    validityDays: parseIntegerVariable('INVITATION_LINK_VALIDITY_DAYS', env.INVITATION_LINK_VALIDITY_DAYS, 10, 1),
    realmDailyMax: parseIntegerVariable('INVITES_DEFAULT_REALM_DAILY_MAX', env.INVITES_DEFAULT_REALM_DAILY_MAX, 3000, 1),
    newRealmDays: parseIntegerVariable('INVITES_NEW_REALM_DAYS', env.INVITES_NEW_REALM_DAYS, 7, 0),
    newRealmsDailyMax: parseIntegerVariable('INVITES_NEW_REALM_DAILY_MAX', env.INVITES_NEW_REALM_DAILY_MAX, 0, 0),
    minUserAgeDays: parseIntegerVariable('INVITES_MIN_USER_AGE_DAYS', env.INVITES_MIN_USER_AGE_DAYS, 3, 0),
  };
}

function loadMailSettings(env: NodeJS.ProcessEnv, server: ServerSettings): MailSettings {
  const noreplyEmail = optional(env.NOREPLY_EMAIL) ?? `noreply@${server.externalHostName}`;
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(noreplyEmail)) throw new ConfigError(`NOREPLY_EMAIL must be an email address (got '${noreplyEmail}')`);
  return {
    smtpUrl: parseUrlVariable('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:'], true),
    noreplyEmail,
    retryDelayMs: parseIntegerVariable('MAIL_RETRY_DELAY_MS', env.MAIL_RETRY_DELAY_MS, 10_000, 10),
    outboxRetentionDays: loadOutboxRetentionDays(env),
  };
}

/** MAIL_OUTBOX_RETENTION_DAYS: at least a day, at most a century (the purge's interval arithmetic takes an integer). */
function loadOutboxRetentionDays(env: NodeJS.ProcessEnv): number {
  const days = parseIntegerVariable('MAIL_OUTBOX_RETENTION_DAYS', env.MAIL_OUTBOX_RETENTION_DAYS, 30, 1);
  if (days > 36_500) throw new ConfigError(`MAIL_OUTBOX_RETENTION_DAYS must be at most 36500 (got ${days})`);
  return days;
}

/** The pattern names where one address's token goes: exactly one `%s`, and no other `%`. */
function loadEmailGatewaySettings(env: NodeJS.ProcessEnv): EmailGatewaySettings {
  const pattern = optional(env.EMAIL_GATEWAY_PATTERN) ?? '';
  if (pattern !== '' && (pattern.split('%s').length !== 2 || pattern.replace('%s', '').includes('%') || !pattern.includes('@'))) {
    throw new ConfigError(`EMAIL_GATEWAY_PATTERN must be an address with one %s, e.g. %s@streams.example.com (got '${pattern}')`);
  }
  return { pattern };
}

/** One without the other would sign links for a server the join step could not reach: refused. */
function loadCallSettings(env: NodeJS.ProcessEnv): CallSettings {
  const url = optional(env.BIG_BLUE_BUTTON_URL);
  const secret = optional(env.BIG_BLUE_BUTTON_SECRET);
  if ((url === undefined) !== (secret === undefined)) {
    throw new ConfigError('BIG_BLUE_BUTTON_URL and BIG_BLUE_BUTTON_SECRET must be set together');
  }
  if (url !== undefined && !/^https?:\/\/[^/]/.test(url)) {
    throw new ConfigError(`BIG_BLUE_BUTTON_URL must be an http(s) URL (got '${url}')`);
  }
  return { bigBlueButton: url === undefined || secret === undefined ? undefined : { url, secret } };
}

function loadServerSettings(env: NodeJS.ProcessEnv): ServerSettings {
  const port = loadPort(env);
  const externalHost = parseExternalHost(env.EXTERNAL_HOST, `localhost:${port}`);
  return {
    port,
    externalHost,
    externalHostName: hostWithoutPort(externalHost),
    externalUriScheme: parseUriScheme(env.EXTERNAL_URI_SCHEME, hostWithoutPort(externalHost)),
    realmName: optional(env.REALM_NAME) ?? 'Chat',
    ownerEmail: (optional(env.OWNER_EMAIL) ?? `owner@${hostWithoutPort(externalHost)}`).toLowerCase(),
    zulipClientCompat: parseBooleanVariable('ZULIP_CLIENT_COMPAT', env.ZULIP_CLIENT_COMPAT, true),
    webPublicStreamsEnabled: parseBooleanVariable('WEB_PUBLIC_STREAMS_ENABLED', env.WEB_PUBLIC_STREAMS_ENABLED, false),
    startedByNpm: env.npm_lifecycle_event === 'start',
  };
}

function loadHttpSettings(env: NodeJS.ProcessEnv): HttpSettings {
  const defaults = DEFAULT_HTTP_SETTINGS;
  const headersTimeout = parseIntegerVariable('HTTP_HEADERS_TIMEOUT_SECONDS', env.HTTP_HEADERS_TIMEOUT_SECONDS, defaults.headersTimeoutSeconds, 1);
  const requestTimeout = parseIntegerVariable('HTTP_REQUEST_TIMEOUT_SECONDS', env.HTTP_REQUEST_TIMEOUT_SECONDS, defaults.requestTimeoutSeconds, 1);
  // Node refuses a headers deadline later than the whole request's.
  if (headersTimeout > requestTimeout) {
    throw new ConfigError(`HTTP_HEADERS_TIMEOUT_SECONDS (${headersTimeout}) must not exceed HTTP_REQUEST_TIMEOUT_SECONDS (${requestTimeout})`);
  }
  return {
    headersTimeoutSeconds: headersTimeout,
    requestTimeoutSeconds: requestTimeout,
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    unauthenticatedBodyTimeoutSeconds: parseIntegerVariable(
      'HTTP_UNAUTHENTICATED_BODY_TIMEOUT_SECONDS',
      env.HTTP_UNAUTHENTICATED_BODY_TIMEOUT_SECONDS,
      defaults.unauthenticatedBodyTimeoutSeconds,
      1,
    ),
    maxSlowRequestsPerAddress: parseIntegerVariable(
      'HTTP_MAX_SLOW_REQUESTS_PER_ADDRESS',
      env.HTTP_MAX_SLOW_REQUESTS_PER_ADDRESS,
      defaults.maxSlowRequestsPerAddress,
      1,
    ),
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
  };
}

function loadMetricsSettings(env: NodeJS.ProcessEnv, apiPort: number): MetricsSettings {
  const port = parsePortVariable('METRICS_PORT', env.METRICS_PORT, DEFAULT_METRICS_LISTENER.port);
  const enabled = parseBooleanVariable('METRICS_ENABLED', env.METRICS_ENABLED, false);
  // Only a listener that opens can clash: PORT=9992 with metrics off is a working setup.
  if (enabled && port !== 0 && port === apiPort) throw new ConfigError(`METRICS_PORT must differ from PORT (both ${apiPort})`);
  return {
    enabled,
    listener: { host: optional(env.METRICS_HOST) ?? DEFAULT_METRICS_LISTENER.host, port },
  };
}

function loadEventQueueSettings(env: NodeJS.ProcessEnv): EventQueueSettings {
  return {
    idleSeconds: parseIntegerVariable('EVENT_QUEUE_IDLE_SECONDS', env.EVENT_QUEUE_IDLE_SECONDS, 600, 1),
    heartbeatSeconds: parseIntegerVariable('HEARTBEAT_SECONDS', env.HEARTBEAT_SECONDS, 55, 1),
    maxEvents: parseIntegerVariable('EVENT_QUEUE_MAX_EVENTS', env.EVENT_QUEUE_MAX_EVENTS, 10_000, 10),
    maxBytes: parseIntegerVariable('EVENT_QUEUE_MAX_BYTES', env.EVENT_QUEUE_MAX_BYTES, 16 * 1024 * 1024, 65_536),
    perUser: parseIntegerVariable('EVENT_QUEUES_PER_USER', env.EVENT_QUEUES_PER_USER, 100, 1),
    batchMs: parseIntegerVariable('EVENT_BATCH_MS', env.EVENT_BATCH_MS, 10, 0),
    outboxRecoverySeconds: parseIntegerVariable('EVENT_OUTBOX_RECOVERY_SECONDS', env.EVENT_OUTBOX_RECOVERY_SECONDS, 10, 1),
  };
}

function loadWebhookSettings(env: NodeJS.ProcessEnv): WebhookSettings {
  return {
    runWorker: parseBooleanVariable('WORKER', env.WORKER, true),
    allowedHosts: parseAllowedHosts('WEBHOOK_ALLOWED_HOSTS', env.WEBHOOK_ALLOWED_HOSTS),
    timeoutMs: parseIntegerVariable('WEBHOOK_TIMEOUT_SECONDS', env.WEBHOOK_TIMEOUT_SECONDS, 10, 1) * 1000,
    retryDelayMs: parseIntegerVariable('WEBHOOK_RETRY_DELAY_MS', env.WEBHOOK_RETRY_DELAY_MS, 2000, 0),
    maxResponseBytes: parseIntegerVariable('WEBHOOK_MAX_RESPONSE_BYTES', env.WEBHOOK_MAX_RESPONSE_BYTES, 1024 * 1024, 1024),
    concurrency: parseIntegerVariable('WEBHOOK_CONCURRENCY', env.WEBHOOK_CONCURRENCY, 8, 1),
    recoverySeconds: parseIntegerVariable('WEBHOOK_RECOVERY_SECONDS', env.WEBHOOK_RECOVERY_SECONDS, 300, 4),
  };
}

/** Zulip's length of a server's registration key (`RemoteZulipServer.API_KEY_LENGTH`). */
export const ZULIP_ORG_KEY_LENGTH = 64;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function loadPushSettings(env: NodeJS.ProcessEnv): PushSettings {
  const enabled = parseBooleanVariable('ZULIP_SERVICE_PUSH_NOTIFICATIONS', env.ZULIP_SERVICE_PUSH_NOTIFICATIONS, false);
  // Zulip's older name is still read, as Zulip 10.2 reads it.
  const servicesUrl =
    parseUrlVariable('ZULIP_SERVICES_URL', env.ZULIP_SERVICES_URL, ['https:', 'http:'], true) ??
    parseUrlVariable('PUSH_NOTIFICATION_BOUNCER_URL', env.PUSH_NOTIFICATION_BOUNCER_URL, ['https:', 'http:'], true) ??
    'https://push.zulipchat.com';
  const orgId = optional(env.ZULIP_ORG_ID);
  const orgKey = optional(env.ZULIP_ORG_KEY);
  if (orgId !== undefined && !UUID.test(orgId)) throw new ConfigError('ZULIP_ORG_ID must be a UUID (version 4, lowercase), as `manage register-push-server` prints it');
  if (orgKey !== undefined && orgKey.length !== ZULIP_ORG_KEY_LENGTH) throw new ConfigError(`ZULIP_ORG_KEY must be ${ZULIP_ORG_KEY_LENGTH} characters long`);
  if (enabled && (orgId === undefined || orgKey === undefined)) {
    throw new ConfigError('ZULIP_SERVICE_PUSH_NOTIFICATIONS needs ZULIP_ORG_ID and ZULIP_ORG_KEY: run `manage register-push-server` first (see docs/operations.md)');
  }
  const retryDelayMs = parseIntegerVariable('PUSH_RETRY_DELAY_MS', env.PUSH_RETRY_DELAY_MS, 10_000, 10);
  const retryMaxDelayMs = parseIntegerVariable('PUSH_RETRY_MAX_DELAY_MS', env.PUSH_RETRY_MAX_DELAY_MS, 600_000, 10);
  if (retryMaxDelayMs < retryDelayMs) throw new ConfigError('PUSH_RETRY_MAX_DELAY_MS must be at least PUSH_RETRY_DELAY_MS');
  const redactContent = parseBooleanVariable('PUSH_NOTIFICATION_REDACT_CONTENT', env.PUSH_NOTIFICATION_REDACT_CONTENT, false);
  return { enabled, servicesUrl, orgId, orgKey, retryDelayMs, retryMaxDelayMs, redactContent };
}

function loadExternalContentSettings(env: NodeJS.ProcessEnv): ExternalContentSettings {
  return {
    allowedHosts: parseAllowedHosts('EXTERNAL_CONTENT_ALLOWED_HOSTS', env.EXTERNAL_CONTENT_ALLOWED_HOSTS),
    timeoutMs: parseIntegerVariable('EXTERNAL_CONTENT_TIMEOUT_SECONDS', env.EXTERNAL_CONTENT_TIMEOUT_SECONDS, 10, 1) * 1000,
    maxBytes: parseIntegerVariable('EXTERNAL_CONTENT_MAX_MIB', env.EXTERNAL_CONTENT_MAX_MIB, 10, 1) * 1024 * 1024,
  };
}

function loadRateLimitSettings(env: NodeJS.ProcessEnv): RateLimitSettings {
  const defaults = DEFAULT_RATE_LIMITS;
  return {
    enabled: parseBooleanVariable('RATE_LIMIT_ENABLED', env.RATE_LIMIT_ENABLED, defaults.enabled),
    apiPerMinute: parseIntegerVariable('RATE_LIMIT_API_PER_MINUTE', env.RATE_LIMIT_API_PER_MINUTE, defaults.apiPerMinute, 1),
    unauthenticatedPerMinute: parseIntegerVariable(
      'RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE',
      env.RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE,
      defaults.unauthenticatedPerMinute,
      1,
    ),
    authAttempts: parseIntegerVariable('RATE_LIMIT_AUTH_ATTEMPTS', env.RATE_LIMIT_AUTH_ATTEMPTS, defaults.authAttempts, 1),
    authWindowSeconds: parseIntegerVariable('RATE_LIMIT_AUTH_WINDOW_SECONDS', env.RATE_LIMIT_AUTH_WINDOW_SECONDS, defaults.authWindowSeconds, 1),
  };
}

function loadPasswordSettings(env: NodeJS.ProcessEnv): PasswordSettings {
  const cost = DEFAULT_PASSWORD_HASH_COST;
  return {
    hashCost: {
      // Below 1 MiB argon2 stops being memory-hard in any useful sense.
      memoryKib: parseIntegerVariable('PASSWORD_HASH_MEMORY_KIB', env.PASSWORD_HASH_MEMORY_KIB, cost.memoryKib, 1024),
      iterations: parseIntegerVariable('PASSWORD_HASH_ITERATIONS', env.PASSWORD_HASH_ITERATIONS, cost.iterations, 1),
      concurrency: parseIntegerVariable('PASSWORD_HASH_CONCURRENCY', env.PASSWORD_HASH_CONCURRENCY, cost.concurrency, 1),
      queue: parseIntegerVariable('PASSWORD_HASH_QUEUE', env.PASSWORD_HASH_QUEUE, cost.queue, 0),
    },
    policy: {
      minLength: parseIntegerVariable('PASSWORD_MIN_LENGTH', env.PASSWORD_MIN_LENGTH, DEFAULT_PASSWORD_POLICY.minLength, 1),
      minGuesses: parseIntegerVariable('PASSWORD_MIN_GUESSES', env.PASSWORD_MIN_GUESSES, DEFAULT_PASSWORD_POLICY.minGuesses, 0),
    },
    // Zulip's SESSION_COOKIE_AGE: two weeks, the cookie kept across browser restarts.
    sessionLifetimeSeconds: parseIntegerVariable('SESSION_COOKIE_AGE_SECONDS', env.SESSION_COOKIE_AGE_SECONDS, 14 * 24 * 3600, 60),
  };
}
