import { encodeHashComponent, messageUrl } from '../../shared/narrow-url';
import { channelTopicLink, isResolutionNotice, newThreadNotice, oldThreadNotice, resolutionNotice } from './message-move-notices';

describe('message move notices', () => {
  it("links channels and topics as Zulip's topic_link_util does", () => {
    expect(channelTopicLink(3, 'design', 'logo')).toBe('#**design>logo**');
    expect(channelTopicLink(3, 'design', 'a*b')).toBe('[#design > a&#42;b](#narrow/channel/3-design/topic/a.2Ab)');
    expect(channelTopicLink(3, 'my room', '')).toBe('#**my room>**');
    expect(encodeHashComponent('a.b c(d)')).toBe('a.2Eb.20c.28d.29');
    expect(messageUrl('http://x.test', { id: 9, streamId: 3, streamName: 'my room', topic: 'q&a' })).toBe(
      'http://x.test/#narrow/channel/3-my-room/topic/q.26a/near/9',
    );
  });

  it("words the notices as Zulip's", () => {
    const user = '@_**Ann|4**';
    expect(oldThreadNotice({ user, newLocation: 'L', movedAll: true, count: 3 })).toBe('This topic was moved to L by @_**Ann|4**.');
    expect(oldThreadNotice({ user, newLocation: 'L', movedAll: false, count: 1 })).toBe('A message was moved from this topic to L by @_**Ann|4**.');
    expect(oldThreadNotice({ user, newLocation: 'L', movedAll: false, count: 2 })).toBe('2 messages were moved from this topic to L by @_**Ann|4**.');
    expect(newThreadNotice({ user, oldLocation: 'O', wholeTopic: true, count: 2, messageLink: 'u' })).toBe('This topic was moved here from O by @_**Ann|4**.');
    expect(newThreadNotice({ user, oldLocation: 'O', wholeTopic: false, count: 1, messageLink: 'u' })).toBe('[A message](u) was moved here from O by @_**Ann|4**.');
    expect(newThreadNotice({ user, oldLocation: 'O', wholeTopic: false, count: 5, messageLink: 'u' })).toBe('5 messages were moved here from O by @_**Ann|4**.');
    expect(resolutionNotice(user, true)).toBe('@_**Ann|4** has marked this topic as resolved.');
    expect(isResolutionNotice(resolutionNotice(user, false))).toBe(true);
    expect(isResolutionNotice('hello')).toBe(false);
  });
});
