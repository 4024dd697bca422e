import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { recordWebhookTriggers, WebhookJob } from '../persistence/webhook-trigger.store';
import { ServiceBotTrigger } from '../public/service-bot-triggers';

/**
 * Records a new message's outgoing-webhook triggers in the sender's transaction: the
 * webhooks module's write facade for the send path. A pass-through with no await of its
 * own, since every message sent goes by here.
 */
@Injectable()
export class WebhookTriggerWriter {
  constructor(private readonly database: Database) {}

  /** The triggers' rows, so that none of a committed message is lost; the jobs to enqueue after the commit. */
  record(messageId: number, triggers: readonly ServiceBotTrigger[]): Promise<WebhookJob[]> {
    return recordWebhookTriggers(this.database, messageId, triggers);
  }
}
