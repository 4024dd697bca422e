import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChannelAccessLoader } from '../../channels/access/channel-access.loader';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { MessageFlagsUpdatedEvent } from '../events/message-flags-updated.event';
import { FlagStore } from '../persistence/flag-store';
import { Database } from '../../platform/database/database';

/** What to mark read: everything, one channel, or one topic of a channel. */
export type ReadScope = { kind: 'all' } | { kind: 'channel'; streamId: number } | { kind: 'topic'; streamId: number; topic: string };

/** `POST /mark_all_as_read`, `/mark_stream_as_read`, `/mark_topic_as_read`. */
export class MarkAsReadCommand {
  constructor(
    readonly user: Actor,
    readonly scope: ReadScope,
  ) {}
}

@CommandHandler(MarkAsReadCommand)
export class MarkAsReadHandler implements ICommandHandler<MarkAsReadCommand, Record<string, unknown>> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: FlagStore,
    private readonly access: ChannelAccessLoader,
    private readonly database: Database,
  ) {}

  async execute(command: MarkAsReadCommand): Promise<Record<string, unknown>> {
    const { user, scope } = command;
    return this.tx.run(async () => {
      if (scope.kind === 'all') {
        await this.store.markRead(user.id, null);
        // As Zulip: no ids, `all` set; clients reload their unread counts.
        this.database.record(new MessageFlagsUpdatedEvent(user.realmId, user.id, 'add', 'read', [], true, null));
        return { complete: true };
      }
      const { stream } = await this.access.requireById(user, scope.streamId);
      const recipientId = stream.recipientId as number;
      const topic = scope.kind === 'topic' ? scope.topic : null;
      // Zulip checks only a non-empty topic for existence.
      if (topic && !(await this.store.hasTopic(user.id, recipientId, topic))) {
        throw ApiError.badRequest(`No such topic '${topic}'`);
      }
      const ids = await this.store.markRead(user.id, { recipientId, topic });
      if (ids.length > 0) this.database.record(new MessageFlagsUpdatedEvent(user.realmId, user.id, 'add', 'read', ids, false, null));
      return {};
    });
  }
}
