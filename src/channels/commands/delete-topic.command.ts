import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { requireRealmAdmin } from '../../shared/authorization';
import { Actor } from '../../shared/actor';
import { ChannelPolicy } from '../public/channel-policy';
import { TopicMessagesDeletedEvent } from '../events/channel-update-events';
import { ChannelAccessLoader } from '../access/channel-access.loader';
import { ChannelViewers } from '../queries/channel-viewers';
import { FirstMessageRefresher } from './first-message.refresher';
import { Database } from '../../platform/database/database';

/** Zulip's RETENTION_STREAM_MESSAGE_BATCH_SIZE. */
const BATCH_SIZE = 100;
/** Stop before a proxy's request timeout; the client repeats while `complete` is false. */
const TIME_BUDGET_MS = 50_000;

/**
 * `POST /streams/{stream_id}/delete_topic`: deletes the topic's messages the
 * administrator can read, newest first, in batches committed one by one, so a request
 * that runs out of time still made progress.
 */
export class DeleteTopicCommand {
  constructor(
    readonly user: Actor,
    readonly streamId: number,
    readonly topic: string,
    readonly timeBudgetMs: number = TIME_BUDGET_MS,
  ) {}
}

@CommandHandler(DeleteTopicCommand)
export class DeleteTopicHandler implements ICommandHandler<DeleteTopicCommand, { complete: boolean }> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly access: ChannelAccessLoader,
    private readonly viewers: ChannelViewers,
    private readonly firstMessage: FirstMessageRefresher,
    private readonly database: Database,
  ) {}

  async execute({ user, streamId, topic, timeBudgetMs }: DeleteTopicCommand): Promise<{ complete: boolean }> {
    requireRealmAdmin(user);
    const started = Date.now();
    for (;;) {
      if (Date.now() >= started + timeBudgetMs) return { complete: false };
      const deleted = await this.tx.run(async () => {
        const { stream, actor, subscribed } = await this.access.requireById(user, streamId);
        const ownOnly = !ChannelPolicy.canReadHistory(actor, stream, subscribed);
        const rows = await this.database.query<{ id: number }>(
          `SELECT m.id FROM message m
            WHERE m.recipient_id = $1 AND lower(m.subject) = lower($2)
              AND ($3::int IS NULL OR EXISTS (
                    SELECT 1 FROM user_message um WHERE um.message_id = m.id AND um.user_profile_id = $3))
            ORDER BY m.id DESC LIMIT $4 FOR UPDATE`,
          [stream.recipientId, topic, ownOnly ? user.id : null, BATCH_SIZE],
        );
        if (rows.length === 0) return 0;
        const ids = rows.map((row) => row.id).sort((a, b) => a - b);
        const [{ subject }] = await this.database.query<{ subject: string }>(`SELECT subject FROM message WHERE id = $1`, [ids[ids.length - 1]]);
        await this.database.query(`DELETE FROM message WHERE id = ANY($1::int[])`, [ids]);
        const subscribers = await this.viewers.subscriberIds(stream.recipientId);
        this.database.record(new TopicMessagesDeletedEvent(stream.realmId, stream.id, subject, ids, subscribers));
        await this.firstMessage.afterDelete(stream, ids);
        return ids.length;
      });
      if (deleted < BATCH_SIZE) return { complete: true };
    }
  }
}
