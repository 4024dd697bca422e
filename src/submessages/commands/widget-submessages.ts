import { Injectable } from '@nestjs/common';
import { MessageSubmessage } from '../../messages/public/message-snapshot';
import { widgetSubmessageContent } from '../domain/widget';
import { Database } from '../../platform/database/database';
import { SubmessageStore } from '../persistence/submessage.store';

/**
 * Zulip's do_widget_post_save_actions: a just-sent `/poll` or `/todo` message gets its
 * `widget` submessage from the sender, in the sending transaction, so that the message
 * event already carries it.
 */
@Injectable()
export class WidgetSubmessages {
  /**
   * Made here, not injected: the messages module provides this facade to its send path
   * (its module imports this one's), and another module's persistence is not its to provide.
   */
  private readonly store: SubmessageStore;

  constructor(database: Database) {
    this.store = new SubmessageStore(database);
  }

  async afterSend(message: { id: number; senderId: number; content: string }): Promise<MessageSubmessage[]> {
    const content = widgetSubmessageContent(message.content);
    if (content === null) return [];
    const [row] = await this.store.insertWidget(message.id, message.senderId, content);
    return [{ msg_type: 'widget', content, message_id: message.id, sender_id: message.senderId, id: row.id }];
  }
}
