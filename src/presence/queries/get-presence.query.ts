import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { apiEmail } from '../../users/public/user-identity';
import { UserDirectory } from '../../users/queries/user-directory';
import { UserByEmailReader } from '../../users/queries/user-by-email.reader';
import {
  DEFAULT_HISTORY_LIMIT_DAYS,
  legacyPresence,
  modernPresence,
  OFFLINE_THRESHOLD_SECS,
  shownTimes,
  toTimestamp,
} from '../domain/presence-rules';
import { PresenceRepository } from '../persistence/presence.repository';
import { Database } from '../../platform/database/database';
import { PreserializedJson } from '../../shared/preserialized-json';
import { RealmPresenceCache } from './realm-presence-cache';

export interface RealmPresenceAnswer {
  /** As JSON text when the answer came from memory (RealmPresenceCache). */
  presences: Record<string, unknown> | PreserializedJson;
  server_timestamp: number;
  presence_last_update_id: number;
}

/**
 * The realm's presence as `POST /users/me/presence`, `GET /realm/presence` and register
 * give it (Zulip's `get_presence_response`).
 */
export class GetRealmPresenceQuery {
  constructor(
    readonly realmId: number,
    readonly slim: boolean,
    /** What the client already has; null: a first fetch. */
    readonly lastUpdateId: number | null,
    readonly historyLimitDays: number | null,
  ) {}
}

/** `GET /users/{user_id_or_email}/presence`. */
export class GetUserPresenceQuery {
  constructor(
    readonly realmId: number,
    readonly userIdOrEmail: string,
    readonly slim: boolean,
  ) {}
}

@QueryHandler(GetRealmPresenceQuery)
export class GetRealmPresenceHandler implements IQueryHandler<GetRealmPresenceQuery, RealmPresenceAnswer> {
  constructor(
    private readonly presence: PresenceRepository,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly cache: RealmPresenceCache,
  ) {}

  async execute(query: GetRealmPresenceQuery): Promise<RealmPresenceAnswer> {
    const now = new Date();
    const serverTimestamp = now.getTime() / 1000;
    // A client that asks for no history gets none, and no query runs.
    if (query.historyLimitDays === 0) {
      return { presences: {}, server_timestamp: serverTimestamp, presence_last_update_id: query.lastUpdateId ?? -1 };
    }
    const days = query.historyLimitDays ?? DEFAULT_HISTORY_LIMIT_DAYS;
    // A client that already has data only needs what changed since.
    const firstFetch = query.lastUpdateId === null || query.lastUpdateId <= 0;
    const connectedSince = firstFetch ? new Date(now.getTime() - days * 86_400_000) : null;
    // The modern format comes from memory (its rows' text made once); the legacy one, rare
    // (its keys are emails, which depend on who may see them), from a read. A client that
    // sends an update id speaks the modern format (the controller reads it so).
    if (query.slim || connectedSince === null) {
      const changes = await this.cache.changesAfter(query.realmId, query.lastUpdateId ?? -1, connectedSince);
      return {
        presences: new PreserializedJson(changes.presencesJson),
        server_timestamp: serverTimestamp,
        presence_last_update_id: changes.lastUpdateId,
      };
    }
    const rows = await this.presence.realmRows(query.realmId, connectedSince);
    const realm = await this.realms.requireById(query.realmId);
    const hostName = this.addressing.hostName(realm.stringId);
    const presences: Record<string, unknown> = {};
    for (const row of rows) {
      const { lastActive, lastConnected } = shownTimes(row, now);
      if (query.slim) presences[String(row.userId)] = modernPresence(lastActive, lastConnected);
      else presences[apiEmail({ id: row.userId, ...row }, hostName)] = legacyPresence(lastActive, lastConnected);
    }
    const lastUpdateId = rows.length > 0 ? Math.max(...rows.map((row) => row.lastUpdateId)) : (query.lastUpdateId ?? -1);
    return { presences, server_timestamp: serverTimestamp, presence_last_update_id: lastUpdateId };
  }
}

@QueryHandler(GetUserPresenceQuery)
export class GetUserPresenceHandler implements IQueryHandler<GetUserPresenceQuery, { presence: Record<string, unknown> }> {
  constructor(
    private readonly presence: PresenceRepository,
    private readonly users: UserDirectory,
    private readonly emails: UserByEmailReader,
    private readonly database: Database,
  ) {}

  async execute(query: GetUserPresenceQuery): Promise<{ presence: Record<string, unknown> }> {
    const key = query.userIdOrEmail;
    // Zulip reads the path as an id when it parses as an integer, else as an email: the
    // API email (get_active_user), so a hidden real address is no one's.
    const target = /^[+-]?\d+$/.test(key.trim())
      ? await this.users.findInRealm(query.realmId, Number.parseInt(key, 10))
      : await this.emails.findByApiEmail(query.realmId, key);
    if (!target || !target.isActive) throw ApiError.badRequest('No such user');
    if (target.isBot) throw ApiError.badRequest('Presence is not supported for bot users.');
    const row = await this.presence.userRow(target.id);
    if (!row) throw ApiError.badRequest(`No presence data for ${key}`);
    const now = new Date();
    const { lastActive, lastConnected } = shownTimes(row, now);
    if (query.slim) return { presence: modernPresence(lastActive, lastConnected) };
    const { aggregated, website } = legacyPresence(lastActive, lastConnected);
    const stale = toTimestamp(now) - aggregated.timestamp > OFFLINE_THRESHOLD_SECS;
    return {
      presence: {
        aggregated: { status: stale ? 'offline' : aggregated.status, timestamp: aggregated.timestamp },
        website: { status: website.status, timestamp: website.timestamp },
      },
    };
  }
}
