import { AppConfig } from '../config/app-config';

/**
 * A connection URL fit for a log line: without its password, in the authority
 * (`postgres://user:secret@host`) or as a `password` parameter.
 */
export function withoutPassword(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Unparsed, a password could hide anywhere in it.
    return '(unreadable URL)';
  }
  parsed.password = '';
  parsed.searchParams.delete('password');
  return parsed.toString();
}

/** Where the data lives, for people: `embedded at <dir>`, or the servers without their passwords. */
export function describeStorage(config: Pick<AppConfig, 'database' | 'redis'>): string {
  if (config.database.url === undefined) return `embedded at ${config.database.dataDir}`;
  const database = `PostgreSQL ${withoutPassword(config.database.url)}`;
  return config.redis.url === undefined
    ? `${database}, event queues in this process`
    : `${database} + Redis ${withoutPassword(config.redis.url)}`;
}

export interface StartupFacts {
  realms: number;
  /** The first start's zuliprc, when this server's data directory holds one. */
  ownerCredentials: string | undefined;
  /** With Redis, the namespace of this deployment's keys (`chat:<namespace>:*`). */
  redisNamespace?: string;
}

/**
 * The one `info` record a start leaves: where clients reach the server, where its data
 * lives, how many realms it serves (the root realm at the bare host), and where the owner's
 * credentials are; never a credential itself.
 */
export function startupSummary(
  config: Pick<AppConfig, 'server' | 'database' | 'redis'>,
  facts: StartupFacts,
): { msg: string; fields: Record<string, unknown> } {
  return {
    msg: `listening on port ${config.server.port}`,
    fields: {
      context: 'main',
      url: `${config.server.externalUriScheme}${config.server.externalHost}`,
      storage: describeStorage(config),
      realms: facts.realms,
      root_realm: config.server.externalHost,
      ...(facts.ownerCredentials === undefined ? {} : { owner_credentials: facts.ownerCredentials }),
      ...(facts.redisNamespace === undefined ? {} : { redis_namespace: facts.redisNamespace }),
    },
  };
}
