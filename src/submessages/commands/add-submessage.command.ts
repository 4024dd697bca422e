import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MessageAccess } from '../../messages/access/message-access';
import { MessageLocks } from '../../messages/commands/message-locks';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { AutomaticTopicPolicy } from '../../user-topics/commands/automatic-topic-policy';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { validateWidgetData, widgetTypeOf } from '../domain/widget-data';
import { SubmessageAddedEvent } from '../events/submessage-events';
import { Database } from '../../platform/database/database';
import { SubmessageStore } from '../persistence/submessage.store';

/** `POST /submessage`. */
export class AddSubmessageCommand {
  constructor(
    readonly actor: Actor,
    readonly messageId: number,
    readonly msgType: string,
    readonly content: string,
  ) {}
}

/**
 * Zulip's process_submessage: a message the user may read (locked while the submessage is
 * added); the first submessage of a message must come from its sender; the content must
 * be JSON, and what it says to a poll or todo widget must be something the widget takes.
 * The `submessage` event goes to every user with a row for the message.
 */
@CommandHandler(AddSubmessageCommand)
export class AddSubmessageHandler implements ICommandHandler<AddSubmessageCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly access: MessageAccess,
    private readonly topicPolicy: AutomaticTopicPolicy,
    private readonly database: Database,
    private readonly store: SubmessageStore,
    private readonly messages: MessageLocks,
  ) {}

  async execute(command: AddSubmessageCommand): Promise<void> {
    const { actor, messageId, msgType, content } = command;
    await this.tx.run(async () => {
      const accessed = await this.access.require(actor, messageId);
      const message = await this.messages.lock(messageId, actor.id);
      if (!message) throw ApiError.invalidMessage();
      if (message.senderId !== actor.id) {
        const [started] = await this.store.startedBy(messageId, message.senderId);
        if (!started) throw ApiError.badRequest('You cannot attach a submessage to this message.');
      }
      let data: unknown;
      try {
        data = JSON.parse(content);
      } catch {
        throw ApiError.badRequest('Invalid json for submessage');
      }
      const [widget] = await this.store.widgetOf(messageId);
      validateWidgetData(widgetTypeOf(widget?.content ?? null), data, message.senderId === actor.id);
      const [row] = await this.store.insert(messageId, actor.id, msgType, content);
      // Taking part in a widget counts as participation for the automatic follow/unmute policies.
      if (accessed.stream && accessed.stream.recipientId !== null) {
        await this.topicPolicy.afterParticipation(actor, { id: accessed.stream.id, recipientId: accessed.stream.recipientId }, message.subject);
      }
      const audience = await this.store.holders(messageId);
      this.database.record(
        new SubmessageAddedEvent(
          actor.realmId,
          audience.map((entry) => entry.user_profile_id),
          { id: row.id, messageId, senderId: actor.id, msgType, content },
        ),
      );
    });
  }
}
