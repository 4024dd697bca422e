import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { ChannelMessageRelations } from '../public/messages.port';

/**
 * How long a channel's message count stays in use. Zulip reads it from its analytics
 * tables, filled by a periodic job, so its estimate lags by as much; counting the last 28
 * days of a busy channel on every channel listing (three times in a register) does not
 * pay for more freshness than that.
 */
export const TRAFFIC_TTL_MS = 10 * 60 * 1000;

/** Messages sent to channels in the last 28 days (Zulip's `get_streams_traffic`), by recipient. */
@Injectable()
export class ChannelTrafficReader {
  constructor(
    private readonly database: Database,
    private readonly relations: ChannelMessageRelations,
  ) {}

  private readonly counted = new Map<number, { messages: number; at: number }>();

  async recentMessages(recipientIds: readonly number[], now: number): Promise<Map<number, number>> {
    const result = new Map<number, number>();
    const stale: number[] = [];
    for (const id of new Set(recipientIds)) {
      const entry = this.counted.get(id);
      if (entry && now - entry.at < TRAFFIC_TTL_MS) result.set(id, entry.messages);
      else stale.push(id);
    }
    if (stale.length === 0) return result;
    const rows = await this.database.query<{ recipient_id: number; count: string }>(
      `SELECT m.recipient_id, count(*) AS count FROM ${this.relations.message('m')}
        WHERE m.recipient_id = ANY($1::int[]) AND m.date_sent > now() - interval '28 days'
        GROUP BY m.recipient_id`,
      [stale],
    );
    const counts = new Map(rows.map((row) => [row.recipient_id, Number(row.count)] as const));
    for (const id of stale) {
      const messages = counts.get(id) ?? 0;
      this.counted.set(id, { messages, at: now });
      result.set(id, messages);
    }
    return result;
  }
}
