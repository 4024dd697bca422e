import { Injectable } from '@nestjs/common';
import { MessageSendHook, OnMessageSend, StoredMessage } from '../../messages/commands/message-send-hooks';
import { MessageSubmessage } from '../../messages/public/message-snapshot';
import { widgetSubmessageContent } from '../domain/widget';
import { Database } from '../../platform/database/database';

/**
 * Zulip's do_widget_post_save_actions: a just-sent `/poll` or `/todo` message gets its
 * `widget` submessage from the sender, in the sending transaction, so that the message
 * event already carries it.
 */
@Injectable()
@OnMessageSend()
export class WidgetSubmessages implements MessageSendHook {
  constructor(private readonly database: Database) {}

  async submessagesOf(message: StoredMessage): Promise<MessageSubmessage[]> {
    const content = widgetSubmessageContent(message.content);
    if (content === null) return [];
    const senderId = message.sender.id;
    const [row] = await this.database.query<{ id: number }>(
      `INSERT INTO submessage (message_id, sender_id, msg_type, content) VALUES ($1, $2, 'widget', $3) RETURNING id`,
      [message.id, senderId, content],
    );
    return [{ msg_type: 'widget', content, message_id: message.id, sender_id: senderId, id: row.id }];
  }
}
