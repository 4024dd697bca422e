import { Injectable } from '@nestjs/common';
import { MessageSubmessage } from '../../messages/domain/message-snapshot';
import { Queryable } from '../../platform/database/unit-of-work';
import { widgetSubmessageContent } from '../domain/widget';

/**
 * Zulip's do_widget_post_save_actions: a just-sent `/poll` or `/todo` message gets its
 * `widget` submessage from the sender, in the sending transaction, so that the message
 * event already carries it.
 */
@Injectable()
export class WidgetSubmessages {
  async afterSend(db: Queryable, message: { id: number; senderId: number; content: string }): Promise<MessageSubmessage[]> {
    const content = widgetSubmessageContent(message.content);
    if (content === null) return [];
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO submessage (message_id, sender_id, msg_type, content) VALUES ($1, $2, 'widget', $3) RETURNING id`,
      [message.id, message.senderId, content],
    );
    return [{ msg_type: 'widget', content, message_id: message.id, sender_id: message.senderId, id: row.id }];
  }
}
