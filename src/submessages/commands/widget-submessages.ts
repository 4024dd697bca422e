import { Injectable } from '@nestjs/common';
import { MessageSendHook, OnMessageSend, StoredMessage } from '../../messages/commands/message-send-hooks';
import { MessageSubmessage } from '../../messages/public/message-snapshot';
import { widgetSubmessageContent } from '../domain/widget';
import { SubmessageStore } from '../persistence/submessage.store';

/**
 * Zulip's do_widget_post_save_actions: a just-sent `/poll` or `/todo` message gets its
 * `widget` submessage from the sender, in the sending transaction, so that the message
 * event already carries it.
 */
@Injectable()
@OnMessageSend()
export class WidgetSubmessages implements MessageSendHook {
  constructor(private readonly store: SubmessageStore) {}

  async submessagesOf(message: StoredMessage): Promise<MessageSubmessage[]> {
    const content = widgetSubmessageContent(message.content);
    if (content === null) return [];
    const senderId = message.sender.id;
    const [row] = await this.store.insertWidget(message.id, senderId, content);
    return [{ msg_type: 'widget', content, message_id: message.id, sender_id: senderId, id: row.id }];
  }
}
