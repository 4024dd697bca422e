import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { mentionedWebhookBots } from '../persistence/webhook-trigger.store';

/**
 * The outgoing-webhook bots a new channel message may trigger: the webhooks module's read
 * facade for the send path. A pass-through with no await of its own, since every message
 * sent goes by here.
 */
@Injectable()
export class WebhookBotReader {
  constructor(private readonly database: Database) {}

  /**
   * The outgoing-webhook bots among the users a channel message mentions, with whether
   * each may read the channel (public, or subscribed): only those are triggered.
   */
  mentionedIn(
    mentionedUserIds: readonly number[],
    channel: { recipientId: number; inviteOnly: boolean },
  ): Promise<{ id: number; botType: number; isActive: boolean; mayRead: boolean }[]> {
    return mentionedWebhookBots(this.database, mentionedUserIds, channel);
  }
}
