import { Injectable } from '@nestjs/common';
import { BotType } from '../../shared/roles';
import { ServiceBotTrigger, WebhookTrigger } from '../public/service-bot-triggers';
import { Database } from '../../platform/database/database';
import { subscriptionRelation } from '../../channels/public/read-relations';
import { userProfileRelation } from '../../users/public/read-relations';

/** A trigger waiting for delivery: what a job carries. */
export interface WebhookJob {
  messageId: number;
  botId: number;
  trigger: WebhookTrigger;
}

/**
 * Records a message's triggers in its own transaction, so a trigger of a committed message
 * is never lost: the job queue is fed after the commit, and from these rows again if the
 * process died in between. The send path reaches it through `WebhookTriggerWriter`.
 */
export async function recordWebhookTriggers(database: Database, messageId: number, triggers: readonly ServiceBotTrigger[]): Promise<WebhookJob[]> {
  if (triggers.length === 0) return [];
  await database.query(
    `INSERT INTO outgoing_webhook_trigger (message_id, bot_profile_id, trigger)
     SELECT $1, b, t FROM unnest($2::int[], $3::text[]) AS x(b, t) ON CONFLICT DO NOTHING`,
    [messageId, triggers.map((t) => t.botId), triggers.map((t) => t.trigger)],
  );
  return triggers.map((t) => ({ messageId, botId: t.botId, trigger: t.trigger }));
}

@Injectable()
export class WebhookTriggerStore {
  constructor(private readonly database: Database) {}

  /** Whether the trigger is still waiting (false once settled, or its message was deleted). */
  async isPending(job: WebhookJob): Promise<boolean> {
    const rows = await this.database.query(
      `SELECT 1 FROM outgoing_webhook_trigger WHERE message_id = $1 AND bot_profile_id = $2`,
      [job.messageId, job.botId],
    );
    return rows.length > 0;
  }

  async settle(job: WebhookJob): Promise<void> {
    await this.database.query(`DELETE FROM outgoing_webhook_trigger WHERE message_id = $1 AND bot_profile_id = $2`, [job.messageId, job.botId]);
  }

  /**
   * Triggers older than `olderThanSeconds` whose job must have been lost; each is handed
   * out at most `maxRequeues` times, after that it is dropped (and logged by the caller).
   */
  async stale(olderThanSeconds: number, maxRequeues: number): Promise<{ requeue: WebhookJob[]; dropped: WebhookJob[] }> {
    const rows = await this.database.query<{ message_id: number; bot_profile_id: number; trigger: WebhookTrigger; requeued: number }>(
      `WITH stale AS (
         UPDATE outgoing_webhook_trigger SET requeued = requeued + 1, created_at = now()
          WHERE created_at < now() - make_interval(secs => $1)
          RETURNING message_id, bot_profile_id, trigger, requeued)
       SELECT * FROM stale ORDER BY message_id`,
      [olderThanSeconds],
    );
    const requeue: WebhookJob[] = [];
    const dropped: WebhookJob[] = [];
    for (const row of rows) {
      const job = { messageId: row.message_id, botId: row.bot_profile_id, trigger: row.trigger };
      (row.requeued > maxRequeues ? dropped : requeue).push(job);
    }
    for (const job of dropped) await this.settle(job);
    return { requeue, dropped };
  }
}

/**
 * The outgoing-webhook bots among the users a channel message mentions, with whether
 * each may read the channel (public, or subscribed): only those are triggered. The send
 * path reaches it through `WebhookBotReader`.
 */
export async function mentionedWebhookBots(
  database: Database,
  mentionedUserIds: readonly number[],
  channel: { recipientId: number; inviteOnly: boolean },
): Promise<{ id: number; botType: number; isActive: boolean; mayRead: boolean }[]> {
  if (mentionedUserIds.length === 0) return [];
  const rows = await database.query<{ id: number; bot_type: number; subscribed: boolean }>(
    `SELECT u.id, u.bot_type,
            EXISTS (SELECT 1 FROM ${subscriptionRelation('s')} WHERE s.user_profile_id = u.id AND s.recipient_id = $2 AND s.active) AS subscribed
       FROM ${userProfileRelation('u')}
      WHERE u.id = ANY($1::int[]) AND u.is_active AND u.bot_type = $3`,
    [mentionedUserIds, channel.recipientId, BotType.OutgoingWebhook],
  );
  return rows.map((row) => ({ id: row.id, botType: row.bot_type, isActive: true, mayRead: !channel.inviteOnly || row.subscribed }));
}
