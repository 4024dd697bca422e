import { Injectable, Logger } from '@nestjs/common';
import { ChannelDirectory } from '../channels/queries/channel-directory';
import { MessageDeletion } from '../messages/commands/message-deletion';
import { RecipientType } from '../shared/recipient-type';
import { TransactionRunner } from '../platform/database/transaction-runner';
import { EventDispatcher } from '../platform/events/queues/event-dispatcher.service';
import { AttachmentExpiry } from '../uploads/commands/attachment-expiry';
import { Database } from '../platform/database/database';

/** Messages deleted per transaction: short transactions, bounded events. */
export const RETENTION_BATCH_SIZE = 500;

export interface SweepResult {
  channel_messages_deleted: number;
  direct_messages_deleted: number;
  attachments_deleted: number;
}

/**
 * Zulip's message retention: a channel's `message_retention_days` (null: the realm's; -1:
 * forever) and, for direct messages, the realm's (`message_retention_days` in the realm's
 * properties; absent or -1: forever). Older messages are deleted with the usual
 * `delete_message` events, in batches, each in its own transaction; with them go the
 * uploads no remaining message links (the row in that transaction, the file after it).
 */
@Injectable()
export class RetentionSweep {
  private readonly logger = new Logger(RetentionSweep.name);

  constructor(
    private readonly tx: TransactionRunner,
    private readonly channels: ChannelDirectory,
    private readonly deletion: MessageDeletion,
    private readonly dispatcher: EventDispatcher,
    private readonly attachments: AttachmentExpiry,
    private readonly database: Database,
  ) {}

  async run(): Promise<SweepResult> {
    const result: SweepResult = { channel_messages_deleted: 0, direct_messages_deleted: 0, attachments_deleted: 0 };
    for (const policy of await this.channelPolicies()) {
      const swept = await this.sweepChannel(policy.streamId, policy.realmId, policy.days);
      result.channel_messages_deleted += swept.messages;
      result.attachments_deleted += swept.attachments;
    }
    for (const policy of await this.realmPolicies()) {
      const swept = await this.sweepDirectMessages(policy.realmId, policy.days);
      result.direct_messages_deleted += swept.messages;
      result.attachments_deleted += swept.attachments;
    }
    await this.dispatcher.idle();
    if (result.channel_messages_deleted + result.direct_messages_deleted > 0) {
      this.logger.log(
        `retention deleted ${result.channel_messages_deleted} channel and ${result.direct_messages_deleted} direct messages, ` +
          `${result.attachments_deleted} attachments`,
      );
    }
    return result;
  }

  /** Channels whose messages expire, with their effective number of days. */
  private async channelPolicies(): Promise<{ streamId: number; realmId: number; days: number }[]> {
    const rows = await this.tx.run(() =>
      this.database.query<{ id: number; realm_id: number; days: number }>(
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
    const rows = await this.tx.run(() =>
      this.database.query<{ id: number; days: number }>(`SELECT realm.id, ${REALM_DAYS} AS days FROM realm WHERE ${REALM_DAYS} > 0 ORDER BY realm.id`),
    );
    return rows.map((row) => ({ realmId: row.id, days: Number(row.days) }));
  }

  private async sweepChannel(streamId: number, realmId: number, days: number): Promise<Swept> {
    const total: Swept = { messages: 0, attachments: 0 };
    for (;;) {
      const batch = await this.tx.run(async (): Promise<Batch> => {
        const stream = await this.channels.findById(realmId, streamId);
        if (!stream || stream.recipientId === null) return { messages: 0, files: [] };
        const rows = await this.database.query<{ id: number }>(
          `SELECT id FROM message
            WHERE recipient_id = $1 AND date_sent < now() - make_interval(days => $2)
            ORDER BY id LIMIT $3 FOR UPDATE`,
          [stream.recipientId, days, RETENTION_BATCH_SIZE],
        );
        const ids = rows.map((row) => row.id);
        const files = await this.attachments.deleteWithMessages(ids, () => this.deletion.deleteChannelMessages(stream, ids));
        return { messages: ids.length, files };
      });
      await this.afterCommit(batch, total);
      if (batch.messages < RETENTION_BATCH_SIZE) return total;
    }
  }

  private async sweepDirectMessages(realmId: number, days: number): Promise<Swept> {
    const total: Swept = { messages: 0, attachments: 0 };
    for (;;) {
      const batch = await this.tx.run(async (): Promise<Batch> => {
        const rows = await this.database.query<{ id: number }>(
          `SELECT m.id FROM message m JOIN recipient r ON r.id = m.recipient_id
            WHERE m.realm_id = $1 AND r.type <> ${RecipientType.Stream}
              AND m.date_sent < now() - make_interval(days => $2)
            ORDER BY m.id LIMIT $3 FOR UPDATE OF m`,
          [realmId, days, RETENTION_BATCH_SIZE],
        );
        const ids = rows.map((row) => row.id);
        const files = await this.attachments.deleteWithMessages(ids, () => this.deletion.deleteDirectMessages(realmId, ids));
        return { messages: ids.length, files };
      });
      await this.afterCommit(batch, total);
      if (batch.messages < RETENTION_BATCH_SIZE) return total;
    }
  }

  /** The committed batch's uploads lose their files; the totals grow. */
  private async afterCommit(batch: Batch, total: Swept): Promise<void> {
    await this.attachments.removeFiles(batch.files);
    total.messages += batch.messages;
    total.attachments += batch.files.length;
  }
}

interface Swept {
  messages: number;
  attachments: number;
}

/** One transaction's work: messages deleted, and the path ids of the uploads that went with them. */
interface Batch {
  messages: number;
  files: string[];
}

/** The realm's retention in days from its stored properties; -1 (forever) when unset. */
const REALM_DAYS = `coalesce(CASE WHEN jsonb_typeof(realm.properties -> 'message_retention_days') = 'number'
                              THEN (realm.properties ->> 'message_retention_days')::int END, -1)`;
