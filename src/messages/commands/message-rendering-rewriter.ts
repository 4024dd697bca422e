import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { flagNames } from '../../shared/message-flags';
import { MessageRenderingRewrites } from '../../uploads/public/message-rendering.port';
import { MessageUpdatedEvent } from '../events/message-updated.event';
import { MessageEditStore } from '../persistence/message-edit.store';
import { MessageRenderingStore } from '../persistence/message-rendering.store';

/**
 * Zulip's do_update_embedded_data with a new rendering: the message's HTML changes without
 * an edit (no history, no edit time), and everyone who has it hears of it by an
 * `update_message` event with `rendering_only: true` and no `user_id`.
 */
@Injectable()
export class MessageRenderingRewriter extends MessageRenderingRewrites {
  constructor(
    private readonly store: MessageRenderingStore,
    private readonly edits: MessageEditStore,
    private readonly database: Database,
  ) {
    super();
  }

  async rewrite(messageIds: readonly number[], rewrite: (html: string) => string | null): Promise<void> {
    for (const messageId of messageIds) {
      const message = await this.store.lock(messageId);
      if (!message) continue;
      const rendered = rewrite(message.rendered);
      if (rendered === null || rendered === message.rendered) continue;
      await this.store.store(messageId, message.content, rendered);
      const holders = await this.edits.holders(messageId);
      const body = {
        user_id: null,
        edit_timestamp: Math.floor(Date.now() / 1000),
        message_id: messageId,
        message_ids: [messageId],
        content: message.content,
        rendered_content: rendered,
        rendering_only: true,
      };
      this.database.record(
        new MessageUpdatedEvent(message.realmId, body, holders.map((holder) => ({ userId: holder.userId, flags: flagNames(holder.flags) }))),
      );
    }
  }
}
