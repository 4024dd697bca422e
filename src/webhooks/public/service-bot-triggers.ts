import { BotType } from '../../shared/roles';

export type WebhookTrigger = 'direct_message' | 'mention';

/** A user the message reaches or mentions, as far as triggers care. */
export interface TriggerCandidate {
  id: number;
  botType: number | null;
  isActive: boolean;
}

export interface ServiceBotTrigger {
  botId: number;
  trigger: WebhookTrigger;
}

/**
 * Which outgoing-webhook bots a new message triggers (Zulip's get_service_bot_events):
 * a direct message triggers every such bot among its recipients, a channel message every
 * such bot it mentions that may read the channel. Messages sent by bots trigger nothing,
 * so two bots cannot answer each other forever.
 *
 * `recipients` are the message's recipients; `mentioned` the users its content mentions
 * (not silently), with `mayRead` telling whether a mentioned bot may read the channel.
 */
export function serviceBotTriggers(message: {
  senderId: number;
  senderIsBot: boolean;
  isChannelMessage: boolean;
  recipients: readonly TriggerCandidate[];
  mentioned: readonly (TriggerCandidate & { mayRead: boolean })[];
}): ServiceBotTrigger[] {
  if (message.senderIsBot) return [];
  const isOutgoing = (user: TriggerCandidate) =>
    user.botType === BotType.OutgoingWebhook && user.isActive && user.id !== message.senderId;
  const triggers = new Map<number, ServiceBotTrigger>();
  if (message.isChannelMessage) {
    for (const user of message.mentioned) {
      if (isOutgoing(user) && user.mayRead) triggers.set(user.id, { botId: user.id, trigger: 'mention' });
    }
  } else {
    for (const user of message.recipients) {
      if (isOutgoing(user)) triggers.set(user.id, { botId: user.id, trigger: 'direct_message' });
    }
  }
  return [...triggers.values()];
}

/** One job per (message, bot): the id makes a second enqueue of the same trigger a no-op. */
export function webhookJobId(messageId: number, botId: number): string {
  return `m${messageId}-b${botId}`;
}
