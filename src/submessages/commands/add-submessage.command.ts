import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MessageAccess } from '../../messages/access/message-access';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { AutomaticTopicPolicy } from '../../user-topics/commands/automatic-topic-policy';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { validateWidgetData, widgetTypeOf } from '../domain/widget-data';
import { SubmessageAddedEvent } from '../events/submessage-events';
import { Database } from '../../platform/database/database';

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
  ) {}

  async execute(command: AddSubmessageCommand): Promise<void> {
    const { actor, messageId, msgType, content } = command;
    await this.tx.run(async () => {
      const accessed = await this.access.require(actor, messageId);
      const [message] = await this.database.query<{ sender_id: number; subject: string }>(
        `SELECT sender_id, subject FROM message WHERE id = $1 FOR UPDATE`,
        [messageId],
      );
      if (!message) throw ApiError.invalidMessage();
      if (message.sender_id !== actor.id) {
        const [started] = await this.database.query(`SELECT 1 FROM submessage WHERE message_id = $1 AND sender_id = $2 LIMIT 1`, [
          messageId,
          message.sender_id,
        ]);
        if (!started) throw ApiError.badRequest('You cannot attach a submessage to this message.');
      }
      let data: unknown;
      try {
        data = JSON.parse(content);
      } catch {
        throw ApiError.badRequest('Invalid json for submessage');
      }
      const [widget] = await this.database.query<{ content: string }>(
        `SELECT content FROM submessage WHERE message_id = $1 AND msg_type = 'widget' ORDER BY id LIMIT 1`,
        [messageId],
      );
      validateWidgetData(widgetTypeOf(widget?.content ?? null), data, message.sender_id === actor.id);
      const [row] = await this.database.query<{ id: number }>(
        `INSERT INTO submessage (message_id, sender_id, msg_type, content) VALUES ($1, $2, $3, $4) RETURNING id`,
        [messageId, actor.id, msgType, content],
      );
      // Taking part in a widget counts as participation for the automatic follow/unmute policies.
      if (accessed.stream && accessed.stream.recipientId !== null) {
        await this.topicPolicy.afterParticipation(actor, { id: accessed.stream.id, recipientId: accessed.stream.recipientId }, message.subject);
      }
      const audience = await this.database.query<{ user_profile_id: number }>(
        `SELECT user_profile_id FROM user_message WHERE message_id = $1`,
        [messageId],
      );
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
