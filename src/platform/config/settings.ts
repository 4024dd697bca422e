/*
 * One settings object per consumer, all read by `loadConfig` (app-config.ts) and provided
 * by ConfigModule. Each is an abstract class only so that Nest can inject it by type: the
 * values are plain objects, never instances. docs/configuration.md documents
 * every variable named here.
 */

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Who the server is to its clients. */
export abstract class ServerSettings {
  /** `PORT`: the HTTP API's port. */
  abstract readonly port: number;
  /** `EXTERNAL_HOST`: host (and optional port) clients use to reach the server, e.g. `chat.example.com`. */
  abstract readonly externalHost: string;
  /** `EXTERNAL_HOST` without its port: realm host names and placeholder emails use it. */
  abstract readonly externalHostName: string;
  /**
   * `EXTERNAL_URI_SCHEME`: how clients reach `externalHost`, `https://` behind TLS; every
   * link the server builds starts with it, and the pages' cookies are `Secure` under https.
   */
  abstract readonly externalUriScheme: 'https://' | 'http://';
  /** `REALM_NAME`: the root realm's name, when the database is created. */
  abstract readonly realmName: string;
  /** `OWNER_EMAIL`: the root realm's owner, created on the first start. */
  abstract readonly ownerEmail: string;
  /** `ZULIP_CLIENT_COMPAT`: also send the `zulip_*` version fields beside the `svc_*` ones. */
  abstract readonly zulipClientCompat: boolean;
  /**
   * Zulip's `WEB_PUBLIC_STREAMS_ENABLED` server setting: web-public channels exist only
   * when it and the realm's `enable_spectator_access` are on. Off by default, as in Zulip.
   */
  abstract readonly webPublicStreamsEnabled: boolean;
  /**
   * Whether `npm start` started the process (npm's own `npm_lifecycle_event`, not a
   * setting): hints then name the CLI as `npm run manage`, otherwise as the image runs it.
   */
  abstract readonly startedByNpm: boolean;
}

/** `LOG_LEVEL` and `LOG_FORMAT`. */
export abstract class LogSettings {
  abstract readonly level: LogLevel;
  /**
   * `json` (one JSON object a line) or `pretty` (for people); unset, the logger picks
   * `pretty` on a terminal and `json` elsewhere (platform/logging/terminal.ts).
   */
  abstract readonly format: LogFormat | undefined;
}

/** `HTTP_*_TIMEOUT_SECONDS`, `CORS_ORIGINS` and `TRUSTED_PROXIES`: how the HTTP server treats clients. */
export abstract class HttpSettings {
  /** A client must have sent its request's headers within this long of starting it. */
  abstract readonly headersTimeoutSeconds: number;
  /** ...and the whole request (body included) within this long: slow senders cannot hold a socket. */
  abstract readonly requestTimeoutSeconds: number;
  /** Browser origins allowed to call the API (CORS); empty: CORS stays closed. `*` allows any. */
  abstract readonly corsOrigins: readonly string[];
  /**
   * A request without valid credentials must have sent its whole body within this long of
   * its headers (authenticated ones, uploads among them, have `requestTimeoutSeconds`).
   */
  abstract readonly unauthenticatedBodyTimeoutSeconds: number;
  /**
   * Requests one client address may have arriving slowly at once (headers or body still
   * coming after SLOW_REQUEST_SECONDS); more are closed, and new connections refused.
   */
  abstract readonly maxSlowRequestsPerAddress: number;
  /** `TRUSTED_PROXIES`: peers whose `X-Forwarded-For` names the client (addresses, CIDRs). */
  abstract readonly trustedProxies: readonly string[];
}

export interface ListenAddress {
  host: string;
  /** 0: any free port (tests). */
  port: number;
}

/** `METRICS_ENABLED`, `METRICS_HOST`, `METRICS_PORT`. */
export abstract class MetricsSettings {
  /** Serve Prometheus metrics at `/metrics` on the metrics listener. */
  abstract readonly enabled: boolean;
  /** Where `/metrics` listens (never the API port). */
  abstract readonly listener: ListenAddress;
}

/** `DATA_DIR` and `MAX_FILE_UPLOAD_SIZE_MIB`: files the server keeps on disk. */
export abstract class StorageSettings {
  /** Absolute: the embedded database, `zuliprc`, the CLI's socket, `uploads/`. */
  abstract readonly dataDir: string;
  /** The largest message upload (register's `max_file_upload_size_mib`). */
  abstract readonly maxFileUploadSizeMib: number;
}

/** `DATABASE_URL` and `DATABASE_POOL_SIZE`. */
export abstract class DatabaseSettings {
  /** Unset: embedded PostgreSQL (PGlite) in `DATA_DIR/pgdata`. */
  abstract readonly url: string | undefined;
  abstract readonly embedded: boolean;
  /** `DATA_DIR`, where the embedded database lives. */
  abstract readonly dataDir: string;
  /**
   * Connections per process to PostgreSQL. More than the database's cores can run at once
   * only queue inside PostgreSQL, as runnable processes that take the CPU from this one;
   * fewer queue here, for free.
   */
  abstract readonly poolSize: number;
  /**
   * A one-shot CLI command: it opens a small pool for one command and does not warn about
   * the servers' connection budget (its warning would bury the command's answer, and the
   * budget is the long-running processes' concern).
   */
  abstract readonly oneShot: boolean;
}

/** `REDIS_URL`: unset, event queues, rate limits and jobs live in this process. */
export abstract class RedisSettings {
  abstract readonly url: string | undefined;
  /**
   * `DEPLOYMENT_ID`: names this deployment's keys in a Redis that others share, in place of
   * what the database tells of itself (see RedisKeyspace); unset, the database decides.
   */
  abstract readonly deploymentId: string | undefined;
}

/** `EVENT_*`, `HEARTBEAT_SECONDS`: event queues, long-polls and the event outbox. */
export abstract class EventQueueSettings {
  /** `EVENT_QUEUE_IDLE_SECONDS`: a queue unpolled this long is removed. */
  abstract readonly idleSeconds: number;
  /** `HEARTBEAT_SECONDS`: a long-poll with nothing to say gets a heartbeat after this long. */
  abstract readonly heartbeatSeconds: number;
  /**
   * `EVENT_QUEUE_MAX_EVENTS` / `EVENT_QUEUE_MAX_BYTES`: past either a queue is dropped and
   * its client re-registers.
   */
  abstract readonly maxEvents: number;
  abstract readonly maxBytes: number;
  /**
   * `EVENT_QUEUES_PER_USER`: one more queue drops the user's least recently polled one
   * that has no poll parked.
   */
  abstract readonly perUser: number;
  /**
   * `EVENT_BATCH_MS`: a queue answered with events less than this long ago holds newer
   * events until the interval has passed (0: every answer goes at once).
   */
  abstract readonly batchMs: number;
  /**
   * `EVENT_OUTBOX_RECOVERY_SECONDS`: an outbox row unpublished this long after its commit
   * lost its process, and any process publishes it again.
   */
  abstract readonly outboxRecoverySeconds: number;
}

/** `WORKER` and `WEBHOOK_*`: how outgoing webhooks are delivered. */
export abstract class WebhookSettings {
  /**
   * `WORKER` (default true): this process also runs the delivery worker. With Redis,
   * `WORKER=false` leaves deliveries to `npm run worker` processes; without Redis the
   * queue lives in this process, so it always delivers.
   */
  abstract readonly runWorker: boolean;
  /** `WEBHOOK_ALLOWED_HOSTS`: host names or addresses allowed although private, loopback or link-local. */
  abstract readonly allowedHosts: ReadonlySet<string>;
  /** `WEBHOOK_TIMEOUT_SECONDS` (Zulip: 10). */
  abstract readonly timeoutMs: number;
  /** `WEBHOOK_RETRY_DELAY_MS`: the first retry's delay; each further retry waits twice as long. */
  abstract readonly retryDelayMs: number;
  /** `WEBHOOK_MAX_RESPONSE_BYTES`: a longer response body is a failure. */
  abstract readonly maxResponseBytes: number;
  /** `WEBHOOK_CONCURRENCY`: deliveries in flight per worker process. */
  abstract readonly concurrency: number;
  /**
   * `WEBHOOK_RECOVERY_SECONDS` (default 300): a trigger still unsettled after this long lost
   * its job (a crash between commit and enqueue) and is enqueued again. Longer than a job's
   * whole retry schedule.
   */
  abstract readonly recoverySeconds: number;
}

/**
 * `EXTERNAL_CONTENT_*`: the image proxy (`/external_content/...`) through which readers
 * load the external images of messages, so that the image's host never sees them.
 */
export abstract class ExternalContentSettings {
  /** `EXTERNAL_CONTENT_ALLOWED_HOSTS`: host names or addresses the proxy may fetch from although private, loopback or link-local. */
  abstract readonly allowedHosts: ReadonlySet<string>;
  /** `EXTERNAL_CONTENT_TIMEOUT_SECONDS` (default 10): the whole fetch, redirects included. */
  abstract readonly timeoutMs: number;
  /** `EXTERNAL_CONTENT_MAX_MIB` (default 10): a larger image is not served. */
  abstract readonly maxBytes: number;
}

/**
 * `RATE_LIMIT_*`. The defaults are Zulip's `api_by_user` (200 a minute), `api_by_ip` (100 a
 * minute, unauthenticated requests) and `authenticate_by_username` (5 sign-in attempts in
 * 30 minutes).
 */
export abstract class RateLimitSettings {
  abstract readonly enabled: boolean;
  abstract readonly apiPerMinute: number;
  abstract readonly unauthenticatedPerMinute: number;
  abstract readonly authAttempts: number;
  abstract readonly authWindowSeconds: number;
}

/**
 * Argon2id's cost for new password hashes (`PASSWORD_HASH_MEMORY_KIB`,
 * `PASSWORD_HASH_ITERATIONS`), and how many hashes run and wait at once
 * (`PASSWORD_HASH_CONCURRENCY`, `PASSWORD_HASH_QUEUE`). Plain numbers: the users module
 * hashes and checks passwords with them (users/public/credentials.ts).
 */
export interface PasswordHashCost {
  memoryKib: number;
  iterations: number;
  /**
   * argon2 runs on Node's worker threads (four by default), which file reads and writes
   * share, so at most this many hashes or checks run at once and `queue` more wait; past
   * that a request is answered 429 at once, rather than a crowd of sign-ins making every
   * file download wait behind them.
   */
  concurrency: number;
  queue: number;
}

/**
 * What a new password must be (`PASSWORD_MIN_LENGTH`, `PASSWORD_MIN_GUESSES`; 0 guesses:
 * no strength check). Plain numbers: the users module checks passwords against them
 * (users/public/password-policy.ts), and register sends both to clients.
 */
export interface PasswordPolicy {
  minLength: number;
  minGuesses: number;
}

/** `PASSWORD_*`: what a new password costs to hash and must be. */
export abstract class PasswordSettings {
  /** `PASSWORD_HASH_*`: argon2id's cost for new password hashes. */
  abstract readonly hashCost: PasswordHashCost;
  /** `PASSWORD_MIN_LENGTH` / `PASSWORD_MIN_GUESSES`. */
  abstract readonly policy: PasswordPolicy;
  /** `SESSION_COOKIE_AGE_SECONDS`: how long a browser signed in with a password stays signed in (Zulip's `SESSION_COOKIE_AGE`). */
  abstract readonly sessionLifetimeSeconds: number;
}

/** `SMTP_URL`, `NOREPLY_EMAIL`, `MAIL_RETRY_DELAY_MS`: how the server's mail leaves. */
export abstract class MailSettings {
  /** Where mail goes; unset, mail is written to the log instead. */
  abstract readonly smtpUrl: string | undefined;
  /** The sender of every mail (Zulip's `NOREPLY_EMAIL_ADDRESS`); default `noreply@<EXTERNAL_HOST's host name>`. */
  abstract readonly noreplyEmail: string;
  /** The first retry's delay while the mail server refuses or is unreachable; each further one waits twice as long (at most an hour). */
  abstract readonly retryDelayMs: number;
  /** Days a sent or given-up mail's row (its body already cleared) is kept before it is dropped. */
  abstract readonly outboxRetentionDays: number;
}

/**
 * Zulip's `BIG_BLUE_BUTTON_URL` and `BIG_BLUE_BUTTON_SECRET`: the BigBlueButton server
 * calls are made on. Both or neither; unset, `/calls/bigbluebutton/create` still answers a
 * signed link, as Zulip's does, that no BigBlueButton server will ever open.
 */
export abstract class CallSettings {
  abstract readonly bigBlueButton: { readonly url: string; readonly secret: string } | undefined;
}

/**
 * Zulip's `EMAIL_GATEWAY_PATTERN`: the address pattern of the incoming email gateway, `%s`
 * standing for a channel's token (`%s@streams.example.com`). Unset, as Zulip's default,
 * channels have no address: `/streams/{id}/email_address` answers an empty one.
 */
export abstract class EmailGatewaySettings {
  abstract readonly pattern: string;
}

/**
 * Zulip's invitation settings: how long a link lives unless the inviter says otherwise
 * (`INVITATION_LINK_VALIDITY_DAYS`), and the limits that keep invitation emails from
 * carrying spam (`INVITES_DEFAULT_REALM_DAILY_MAX`, `INVITES_NEW_REALM_DAYS` with
 * `INVITES_NEW_REALM_DAILY_MAX`, `INVITES_MIN_USER_AGE_DAYS`).
 */
/** `MAX_BOTS_PER_USER`: bots a member may own (administrators may own any number); 0, no limit. */
export abstract class BotSettings {
  abstract readonly maxPerUser: number;
}

export abstract class InviteSettings {
  /** `INVITATION_LINK_VALIDITY_DAYS` (10): the default `invite_expires_in_minutes`. */
  abstract readonly validityDays: number;
  /** `INVITES_DEFAULT_REALM_DAILY_MAX` (3000): email invitations one realm may send in 24 hours. */
  abstract readonly realmDailyMax: number;
  /** `INVITES_NEW_REALM_DAYS` (7): how long a realm counts as new. */
  abstract readonly newRealmDays: number;
  /**
   * `INVITES_NEW_REALM_DAILY_MAX`: invitations all new realms together may send in 24 hours
   * (Zulip's `INVITES_NEW_REALM_LIMIT_DAYS`); 0, the default, turns the rule off, as Zulip
   * does on a server without open realm creation.
   */
  abstract readonly newRealmsDailyMax: number;
  /** `INVITES_MIN_USER_AGE_DAYS` (3): in a realm anyone may join, how old a member's account must be to invite. */
  abstract readonly minUserAgeDays: number;
}

/** `RETENTION_INTERVAL_SECONDS`: how often the message retention job runs. */
export abstract class RetentionSettings {
  abstract readonly intervalSeconds: number;
}

/**
 * Zulip's push notification service settings: `ZULIP_SERVICE_PUSH_NOTIFICATIONS`,
 * `ZULIP_SERVICES_URL` (or the older `PUSH_NOTIFICATION_BOUNCER_URL`), the server's
 * registration `ZULIP_ORG_ID` / `ZULIP_ORG_KEY`, and how long a refused attempt waits.
 */
export abstract class PushSettings {
  /** Send push notifications through the service. Off by default, as in Zulip. */
  abstract readonly enabled: boolean;
  /** The service's base URL (`https://push.zulipchat.com`, Zulip's default). */
  abstract readonly servicesUrl: string;
  /** The server's registration with the service (a UUID), sent as HTTP Basic's user name. */
  abstract readonly orgId: string | undefined;
  /** ...and its secret, the password. */
  abstract readonly orgKey: string | undefined;
  /** `PUSH_RETRY_DELAY_MS`: the first retry's delay while the service is unreachable or failing; each further one doubles. */
  abstract readonly retryDelayMs: number;
  /** `PUSH_RETRY_MAX_DELAY_MS`: the longest wait between two attempts. */
  abstract readonly retryMaxDelayMs: number;
  /** `PUSH_NOTIFICATION_REDACT_CONTENT` (Zulip's server setting): notifications say "New message" instead of the content. */
  abstract readonly redactContent: boolean;
}
