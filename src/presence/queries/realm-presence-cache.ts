import { Injectable } from '@nestjs/common';
import { modernPresence, shownTimes } from '../domain/presence-rules';
import { PresenceRepository, PresenceRow } from '../persistence/presence.repository';

/** One user's row as the cache holds it. */
interface CachedRow {
  readonly row: PresenceRow;
  /** The row's `"<id>":{…}` in the modern format; null when it depends on the time (presence turned off). */
  readonly text: string | null;
}

/** What a client catching up is sent: the modern-format `presences` as JSON text, and its update id. */
export interface PresenceChanges {
  presencesJson: string;
  lastUpdateId: number;
}

/** How long a realm nobody asked about stays in memory. */
const IDLE_REALM_MS = 10 * 60_000;

/**
 * A realm's presence rows as this process last read them, numbered as the realm's
 * presence sequence numbers them. Writes take the sequence row's lock until they commit,
 * so update ids commit in order and "every row above the highest id read" is exactly what
 * is new: each read fetches only that (and the deactivated users, which no presence
 * write announces).
 */
class RealmPresence {
  /** The highest update id read. */
  private highWater = 0;
  private readonly byUser = new Map<number, CachedRow>();
  /** Rows by ascending update id; a row superseded since stays until compaction (`byUser` tells). */
  private order: CachedRow[] = [];
  private inactive = new Set<number>();
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  lastUsed = Date.now();

  constructor(
    private readonly realmId: number,
    private readonly presence: PresenceRepository,
  ) {}

  /**
   * Brings the rows up to date with a read that starts after this call: a read already
   * under way may have begun before the caller's own write committed, so callers arriving
   * meanwhile share the one read that follows it.
   */
  refresh(): Promise<void> {
    if (this.queued) return this.queued;
    if (this.running) {
      this.queued = this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return this.refresh();
        });
      return this.queued;
    }
    this.running = this.read().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async read(): Promise<void> {
    const { rows, inactiveUserIds } = await this.presence.changesSince(this.realmId, this.highWater);
    for (const row of rows) {
      if (row.lastUpdateId <= this.highWater) continue;
      const cached: CachedRow = { row, text: row.presenceEnabled ? rowText(row, new Date()) : null };
      this.byUser.set(row.userId, cached);
      this.order.push(cached);
      this.highWater = row.lastUpdateId;
    }
    this.inactive = new Set(inactiveUserIds);
    if (this.order.length > 2 * this.byUser.size + 64) this.order = this.order.filter((cached) => this.byUser.get(cached.row.userId) === cached);
  }

  /**
   * Active humans' rows changed after `afterUpdateId` and, when given, connected since
   * `connectedSince` (Zulip's presence query).
   */
  changesAfter(afterUpdateId: number, connectedSince: Date | null, now: Date): PresenceChanges {
    let lastUpdateId = afterUpdateId;
    const texts: string[] = [];
    for (let i = firstAbove(this.order, afterUpdateId); i < this.order.length; i++) {
      const cached = this.order[i];
      const { row } = cached;
      if (this.byUser.get(row.userId) !== cached || row.isBot || this.inactive.has(row.userId)) continue;
      if (connectedSince !== null && (row.lastConnectedTime === null || row.lastConnectedTime < connectedSince)) continue;
      texts.push(cached.text ?? rowText(row, now));
      lastUpdateId = row.lastUpdateId;
    }
    return { presencesJson: `{${texts.join(',')}}`, lastUpdateId };
  }
}

function rowText(row: PresenceRow, now: Date): string {
  const { lastActive, lastConnected } = shownTimes(row, now);
  return `"${row.userId}":${JSON.stringify(modernPresence(lastActive, lastConnected))}`;
}

/** The index of the first row whose update id is above `updateId` (rows are in ascending order). */
function firstAbove(rows: readonly CachedRow[], updateId: number): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (rows[middle].row.lastUpdateId <= updateId) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Answers presence reports in the modern format (every minute from every client Zulip's
 * web and mobile apps run) from rows kept in memory: each answer reads only the rows
 * written since the last one, where reading the realm's rows anew made every report cost
 * as many rows as the realm has people online, each parsed and serialized.
 */
@Injectable()
export class RealmPresenceCache {
  private readonly realms = new Map<number, RealmPresence>();
  private nextSweep = 0;

  constructor(private readonly presence: PresenceRepository) {}

  async changesAfter(realmId: number, afterUpdateId: number, connectedSince: Date | null): Promise<PresenceChanges> {
    const now = new Date();
    this.forgetIdle(now.getTime());
    let realm = this.realms.get(realmId);
    if (!realm) {
      realm = new RealmPresence(realmId, this.presence);
      this.realms.set(realmId, realm);
    }
    realm.lastUsed = now.getTime();
    await realm.refresh();
    return realm.changesAfter(afterUpdateId, connectedSince, now);
  }

  private forgetIdle(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 60_000;
    for (const [realmId, realm] of this.realms) if (now - realm.lastUsed > IDLE_REALM_MS) this.realms.delete(realmId);
  }
}
