import { messageLink, quoteBlock } from './message-links';

const names = { channelName: (id: number) => (id === 3 ? 'dev team' : undefined), userName: (id: number) => (id === 12 ? 'Bob' : undefined) };

describe('message links and quotes', () => {
  it('links a channel message by /with/ (copy link) or /near/ (quotes), in Zulip 10’s form', () => {
    const message = { id: 77, where: { kind: 'channel' as const, channelId: 3, topic: 'lunch (today)' } };
    expect(messageLink(message, 10, names, 'https://chat.example', 'with')).toBe('https://chat.example/#narrow/channel/3-dev-team/topic/lunch.20.28today.29/with/77');
    expect(messageLink(message, 10, names, 'https://chat.example', 'near')).toBe('https://chat.example/#narrow/channel/3-dev-team/topic/lunch.20.28today.29/near/77');
  });

  it('links a direct message by the other participants', () => {
    const message = { id: 78, where: { kind: 'dm' as const, userIds: [10, 12] } };
    expect(messageLink(message, 10, names, 'https://chat.example', 'with')).toBe('https://chat.example/#narrow/dm/12-Bob/with/78');
  });

  it('quotes with a fence longer than any in the text', () => {
    expect(quoteBlock('Ann', 11, 'L', 'hi')).toBe('@_**Ann|11** [said](L):\n```quote\nhi\n```\n');
    expect(quoteBlock('Ann', 11, 'L', '```js\nx\n```')).toBe('@_**Ann|11** [said](L):\n````quote\n```js\nx\n```\n````\n');
  });
});
