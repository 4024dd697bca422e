import { Injectable, Logger } from '@nestjs/common';
import { ChannelRepository } from '../channels/persistence/channel.repository';
import { MessageDeletion } from '../messages/commands/message-deletion';
import { RecipientType } from '../messages/persistence/recipient.entity';
import { TransactionRunner } from '../platform/database/transaction-runner';
import { EventDispatcher } from '../events/queues/event-dispatcher.service';

/** Messages deleted per transaction: short transactions, bounded events. */
export const RETENTION_BATCH_SIZE = 500;

export interface SweepResult {
  channel_messages_deleted: number;
  direct_messages_deleted: number;
}

/**
 * Zulip's message retention: a channel's `message_retention_days` (null: the realm's; -1:
 * forever) and, for direct messages, the realm's (`message_retention_days` in the realm's
 * properties; absent or -1: forever). Older messages are deleted with the usual
 * `delete_message` events, in batches, each in its own transaction.
 */
@Injectable()
export class RetentionSweep {
  private readonly logger = new Logger(RetentionSweep.name);

  constructor(
    private readonly tx: TransactionRunner,
    private readonly channels: ChannelRepository,
    private readonly deletion: MessageDeletion,
    private readonly dispatcher: EventDispatcher,
  ) {}

  async run(): Promise<SweepResult> {
    const result: SweepResult = { channel_messages_deleted: 0, direct_messages_deleted: 0 };
    for (const policy of await this.channelPolicies()) {
      result.channel_messages_deleted += await this.sweepChannel(policy.streamId, policy.realmId, policy.days);
    }
    for (const policy of await this.realmPolicies()) {
      result.direct_messages_deleted += await this.sweepDirectMessages(policy.realmId, policy.days);
    }
    await this.dispatcher.idle();
    if (result.channel_messages_deleted + result.direct_messages_deleted > 0) {
      this.logger.log(`retention deleted ${result.channel_messages_deleted} channel and ${result.direct_messages_deleted} direct messages`);
    }
    return result;
  }

  /** Channels whose messages expire, with their effective number of days. */
  private async channelPolicies(): Promise<{ streamId: number; realmId: number; days: number }[]> {
    const rows = await this.tx.run((uow) =>
      uow.query<{ id: number; realm_id: number; days: number }>(
        `SELECT s.id, s.realm_id,
                coalesce(s.message_retention_days, ${REALM_DAYS}) AS days
           FROM stream s JOIN realm ON realm.id = s.realm_id
          WHERE coalesce(s.message_retention_days, ${REALM_DAYS}) > 0
          ORDER BY s.id`,
      ),
    );
    return rows.map((row) => ({ streamId: row.id, realmId: row.realm_id, days: Number(row.days) }));
  }

  private async realmPolicies(): Promise<{ realmId: number; days: number }[]> {
    const rows = await this.tx.run((uow) =>
      uow.query<{ id: number; days: number }>(`SELECT realm.id, ${REALM_DAYS} AS days FROM realm WHERE ${REALM_DAYS} > 0 ORDER BY realm.id`),
    );
    return rows.map((row) => ({ realmId: row.id, days: Number(row.days) }));
  }

  private async sweepChannel(streamId: number, realmId: number, days: number): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.tx.run(async (uow) => {
        const stream = await this.channels.findById(realmId, streamId, uow);
        if (!stream || stream.recipientId === null) return 0;
        const rows = await uow.query<{ id: number }>(
          `SELECT id FROM message
            WHERE recipient_id = $1 AND date_sent < now() - make_interval(days => $2)
            ORDER BY id LIMIT $3 FOR UPDATE`,
          [stream.recipientId, days, RETENTION_BATCH_SIZE],
        );
        await this.deletion.deleteChannelMessages(uow, stream, rows.map((row) => row.id));
        return rows.length;
      });
      total += deleted;
      if (deleted < RETENTION_BATCH_SIZE) return total;
    }
  }

  private async sweepDirectMessages(realmId: number, days: number): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.tx.run(async (uow) => {
        const rows = await uow.query<{ id: number }>(
          `SELECT m.id FROM message m JOIN recipient r ON r.id = m.recipient_id
            WHERE m.realm_id = $1 AND r.type <> ${RecipientType.Stream}
              AND m.date_sent < now() - make_interval(days => $2)
            ORDER BY m.id LIMIT $3 FOR UPDATE OF m`,
          [realmId, days, RETENTION_BATCH_SIZE],
        );
        await this.deletion.deleteDirectMessages(uow, realmId, rows.map((row) => row.id));
        return rows.length;
      });
      total += deleted;
      if (deleted < RETENTION_BATCH_SIZE) return total;
    }
  }
}

/** The realm's retention in days from its stored properties; -1 (forever) when unset. */
const REALM_DAYS = `coalesce(CASE WHEN jsonb_typeof(realm.properties -> 'message_retention_days') = 'number'
                              THEN (realm.properties ->> 'message_retention_days')::int END, -1)`;
