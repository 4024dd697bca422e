import { BotType } from '../../shared/roles';
import { serviceBotTriggers, webhookJobId } from './service-bot-triggers';

const human = { id: 1, botType: null, isActive: true };
const hook = { id: 10, botType: BotType.OutgoingWebhook, isActive: true };
const otherHook = { id: 11, botType: BotType.OutgoingWebhook, isActive: true };
const generic = { id: 12, botType: BotType.Generic, isActive: true };
const retired = { id: 13, botType: BotType.OutgoingWebhook, isActive: false };

describe('serviceBotTriggers', () => {
  it('triggers every active outgoing-webhook bot a direct message reaches', () => {
    expect(
      serviceBotTriggers({
        senderId: 1, senderIsBot: false, isChannelMessage: false,
        recipients: [hook, otherHook, generic, retired, hook], mentioned: [],
      }),
    ).toEqual([{ botId: 10, trigger: 'direct_message' }, { botId: 11, trigger: 'direct_message' }]);
  });

  it('triggers mentioned bots in a channel only where they may read it', () => {
    expect(
      serviceBotTriggers({
        senderId: 1, senderIsBot: false, isChannelMessage: true, recipients: [],
        mentioned: [{ ...hook, mayRead: true }, { ...otherHook, mayRead: false }, { ...generic, mayRead: true }],
      }),
    ).toEqual([{ botId: 10, trigger: 'mention' }]);
  });

  it('ignores recipients of channel messages and mentions in direct messages', () => {
    expect(serviceBotTriggers({ senderId: 1, senderIsBot: false, isChannelMessage: true, recipients: [hook], mentioned: [] })).toEqual([]);
    expect(
      serviceBotTriggers({ senderId: 1, senderIsBot: false, isChannelMessage: false, recipients: [human], mentioned: [{ ...hook, mayRead: true }] }),
    ).toEqual([]);
  });

  it('never triggers on a message sent by a bot', () => {
    expect(serviceBotTriggers({ senderId: 12, senderIsBot: true, isChannelMessage: false, recipients: [hook], mentioned: [] })).toEqual([]);
  });

  it('names one job per message and bot', () => {
    expect(webhookJobId(5, 10)).toBe('m5-b10');
  });
});
