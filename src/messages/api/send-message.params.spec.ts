import { messageAddress } from './send-message.params';

describe('messageAddress reads `to` as Zulip does', () => {
  it.each<[string, string | number]>([
    ['general', 'general'],
    ['"general"', 'general'],
    ['["general"]', 'general'],
    ['7', 7],
    [' 7 ', 7],
    ['[7]', 7],
    ['null', 'null'],
    ['news', 'news'],
    ['true story', 'true story'],
    ['{"a":1}', '{"a":1}'],
    ['[general', '[general'],
  ])('a channel given as %p', (to, channel) => {
    expect(messageAddress('stream', to, 'topic')).toEqual({ kind: 'stream', channel, topic: 'topic' });
  });

  it('refuses a channel list of more than one', () => {
    expect(() => messageAddress('channel', '["a","b"]', 't')).toThrow('Cannot send to multiple channels');
  });

  it.each<[string, readonly (number | string)[]]>([
    ['[3,4]', [3, 4]],
    ['5', [5]],
    ['["ann@example.com"]', ['ann@example.com']],
    ['ann@example.com, bob@example.com', ['ann@example.com', 'bob@example.com']],
  ])('direct recipients given as %p', (to, recipients) => {
    expect(messageAddress('direct', to, undefined)).toEqual({ kind: 'private', to: recipients });
  });
});
