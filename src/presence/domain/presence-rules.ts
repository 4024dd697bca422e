/**
 * Zulip's presence model (zerver/actions/presence.py, zerver/lib/presence.py): one row per
 * user with the last time a client was connected and the last time the user was active.
 * Writes are throttled so that the clients' minutely pings rarely touch the database.
 */

/** How often clients ping (register's `server_presence_ping_interval_seconds`). */
export const PRESENCE_PING_INTERVAL_SECS = 60;
/** After this long without a ping a user is offline (`server_presence_offline_threshold_seconds`). */
export const OFFLINE_THRESHOLD_SECS = 200;
/** A timestamp younger than this is not rewritten: several tabs pinging cost one write. */
export const PRESENCE_UPDATE_MIN_FREQ_SECS = 55;
/** Legacy format: "active" while the activity is at most this much older than the connection. */
export const LEGACY_ACTIVITY_OFFSET_SECS = 70;
/** Beyond this many recipients, coming online sends no event (Zulip's quadratic-work guard). */
export const USER_LIMIT_FOR_PRESENCE_EVENTS = 100;
/** Presence data older than this is not listed unless the client asks for more. */
export const DEFAULT_HISTORY_LIMIT_DAYS = 14;

export type PresenceStatus = 'active' | 'idle';

export interface PresenceTimes {
  lastActiveTime: Date | null;
  lastConnectedTime: Date | null;
}

export interface PresencePlan {
  /** The row to store, or null when nothing changed enough to be written. */
  write: PresenceTimes | null;
  /** Whether other users should be told at once (a new row, or a user coming back online). */
  notify: boolean;
}

const seconds = (ms: number) => ms / 1000;

export function parseStatus(status: string): PresenceStatus | null {
  return status === 'active' || status === 'idle' ? status : null;
}

/**
 * Zulip's `do_update_user_presence` decision: what to write for a report of `status` at
 * `now` given the stored row (null: none yet).
 */
export function planPresenceUpdate(stored: PresenceTimes | null, status: PresenceStatus, now: Date): PresencePlan {
  const active = status === 'active';
  if (stored === null) {
    return { write: { lastActiveTime: active ? now : null, lastConnectedTime: now }, notify: true };
  }
  // Never active/connected counts as long ago: the user is then newly online.
  const sinceActive = stored.lastActiveTime ? seconds(now.getTime() - stored.lastActiveTime.getTime()) : 86_400;
  const sinceConnected = stored.lastConnectedTime ? seconds(now.getTime() - stored.lastConnectedTime.getTime()) : 86_400;
  // Newly online: missed a couple of pings and close to being shown offline by clients.
  const becameOnline = active && sinceActive > OFFLINE_THRESHOLD_SECS - PRESENCE_PING_INTERVAL_SECS - 10;

  let { lastActiveTime, lastConnectedTime } = stored;
  let changed = false;
  if (sinceConnected > PRESENCE_UPDATE_MIN_FREQ_SECS) {
    lastConnectedTime = now;
    changed = true;
  }
  if (active && sinceActive > PRESENCE_UPDATE_MIN_FREQ_SECS) {
    lastActiveTime = now;
    // last_connected_time >= last_active_time always holds.
    if (lastConnectedTime === null || now > lastConnectedTime) lastConnectedTime = now;
    changed = true;
  }
  return { write: changed ? { lastActiveTime, lastConnectedTime } : null, notify: becameOnline };
}

export const toTimestamp = (date: Date): number => Math.floor(date.getTime() / 1000);

/** One client entry of the legacy format (Zulip's `format_legacy_presence_dict`). */
export interface LegacyClientPresence {
  client: 'website';
  status: PresenceStatus;
  timestamp: number;
  pushable: false;
}

export function legacyClientPresence(lastActive: Date, lastConnected: Date): LegacyClientPresence {
  const active = lastActive.getTime() + LEGACY_ACTIVITY_OFFSET_SECS * 1000 >= lastConnected.getTime();
  return {
    client: 'website',
    status: active ? 'active' : 'idle',
    timestamp: toTimestamp(active ? lastActive : lastConnected),
    pushable: false,
  };
}

/** The legacy per-user format: the one client Zulip reports (`website`) and `aggregated`. */
export function legacyPresence(lastActive: Date, lastConnected: Date) {
  const website = legacyClientPresence(lastActive, lastConnected);
  return { aggregated: { client: website.client, status: website.status, timestamp: website.timestamp }, website };
}

/** The modern (slim) per-user format. */
export function modernPresence(lastActive: Date, lastConnected: Date): { active_timestamp: number; idle_timestamp: number } {
  return { active_timestamp: toTimestamp(lastActive), idle_timestamp: toTimestamp(lastConnected) };
}

/**
 * A user who turned presence off appears offline: their times are shown no later than
 * a little beyond the offline threshold before `now` (Zulip stores such a row when the
 * setting is turned off; reading it this way also covers rows written before).
 */
export function hiddenPresenceTime(stored: Date, now: Date): Date {
  const latest = new Date(now.getTime() - (OFFLINE_THRESHOLD_SECS + 120) * 1000);
  return stored < latest ? stored : latest;
}

/** A stored row with what showing it needs of its user. */
export interface StoredPresence extends PresenceTimes {
  dateJoined: Date;
  presenceEnabled: boolean;
}

/** A row's times as clients see them: a missing time reads as the join date. */
export function shownTimes(row: StoredPresence, now: Date): { lastActive: Date; lastConnected: Date } {
  let lastActive = row.lastActiveTime ?? row.dateJoined;
  let lastConnected = row.lastConnectedTime ?? row.dateJoined;
  if (!row.presenceEnabled) {
    lastActive = hiddenPresenceTime(lastActive, now);
    lastConnected = hiddenPresenceTime(lastConnected, now);
  }
  return { lastActive, lastConnected };
}
