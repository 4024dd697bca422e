import { Injectable } from '@nestjs/common';
import { MessageSendHook, OnMessageSend, StoredMessage } from '../../messages/commands/message-send-hooks';
import { Database } from '../../platform/database/database';
import { WebhooksTriggeredEvent } from '../events/webhooks-triggered.event';
import { serviceBotTriggers } from '../public/service-bot-triggers';
import { WebhookBotReader } from '../queries/webhook-bot.reader';
import { WebhookTriggerWriter } from './webhook-trigger.writer';

/**
 * A new message's outgoing-webhook triggers, recorded in the sending transaction so that
 * none of a committed message is lost; the jobs are enqueued after the commit.
 */
@Injectable()
@OnMessageSend()
export class WebhookSendHook implements MessageSendHook {
  constructor(
    private readonly webhookBots: WebhookBotReader,
    private readonly webhookTriggers: WebhookTriggerWriter,
    private readonly database: Database,
  ) {}

  async afterStore(message: StoredMessage): Promise<void> {
    const { sender, channel } = message;
    if (sender.isBot) return;
    const mentioned = channel ? await this.webhookBots.mentionedIn(message.mentionedUserIds, channel) : [];
    const triggers = serviceBotTriggers({
      senderId: sender.id,
      senderIsBot: sender.isBot,
      isChannelMessage: channel !== null,
      recipients: message.directRecipients,
      mentioned,
    });
    const jobs = await this.webhookTriggers.record(message.id, triggers);
    if (jobs.length > 0) this.database.record(new WebhooksTriggeredEvent(jobs));
  }
}
