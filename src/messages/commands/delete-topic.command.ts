import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { requireRealmAdmin } from '../../shared/authorization';
import { Actor } from '../../shared/actor';
import { ChannelPolicy } from '../../channels/public/channel-policy';
import { ChannelAccessLoader } from '../../channels/access/channel-access.loader';
import { MessageDeletionStore } from '../persistence/message-deletion.store';
import { MessageDeletion } from './message-deletion';

/** Zulip's RETENTION_STREAM_MESSAGE_BATCH_SIZE. */
const BATCH_SIZE = 100;
/** Stop before a proxy's request timeout; the client repeats while `complete` is false. */
const TIME_BUDGET_MS = 50_000;

/**
 * `POST /streams/{stream_id}/delete_topic`: deletes the topic's messages the
 * administrator can read, newest first, in batches committed one by one, so a request
 * that runs out of time still made progress. Each batch is one topic's channel messages,
 * deleted and told as `MessageDeletion` deletes them.
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
    private readonly store: MessageDeletionStore,
    private readonly deletion: MessageDeletion,
  ) {}

  async execute({ user, streamId, topic, timeBudgetMs }: DeleteTopicCommand): Promise<{ complete: boolean }> {
    requireRealmAdmin(user);
    const started = Date.now();
    for (;;) {
      if (Date.now() >= started + timeBudgetMs) return { complete: false };
      const deleted = await this.tx.run(async () => {
        const { stream, actor, subscribed } = await this.access.requireById(user, streamId);
        const ownOnly = !ChannelPolicy.canReadHistory(actor, stream, subscribed);
        const ids = await this.store.lockTopicBatch(stream.recipientId as number, topic, ownOnly ? user.id : null, BATCH_SIZE);
        if (ids.length === 0) return 0;
        await this.deletion.deleteChannelMessages(stream, ids.sort((a, b) => a - b));
        return ids.length;
      });
      if (deleted < BATCH_SIZE) return { complete: true };
    }
  }
}
