import { followedFilter } from './actions';
import { EMPTY_STATE, type ClientState, type UnreadEntry } from './state';
import { nextUnreadDm, nextUnreadTopic } from './unread-navigation';

const ME = 10;

function channel(id: number, name: string, isMuted = false) {
  return { id, name, color: '', description: '', isMuted, pinToTop: false, inviteOnly: false, notifications: { desktop_notifications: null, audible_notifications: null, push_notifications: null, email_notifications: null, wildcard_mentions_notify: null } };
}

function state(unread: Record<number, UnreadEntry>): ClientState {
  return {
    ...EMPTY_STATE,
    session: {
      userId: ME, realmName: 'Acme', emptyTopicName: 'general chat', enterSends: false, theme: 'auto', queueId: null, emojiDataUrl: null,
      deliveryEmail: 'me@example.test', emailChangesDisabled: false, nameChangesDisabled: false, avatarChangesDisabled: false,
    },
    channels: { 1: channel(1, 'alpha'), 2: channel(2, 'beta'), 3: channel(3, 'muted', true) },
    unread,
    dmConversations: { '11': 50, '12': 60 },
  };
}

const topic = (channelId: number, name: string): UnreadEntry => ({ where: { kind: 'channel', channelId, topic: name }, mentioned: false });
const dm = (key: string): UnreadEntry => ({ where: { kind: 'dm', key }, mentioned: false });

describe('next unread topic and DM (n and p)', () => {
  const unread = state({ 1: topic(2, 'deploys'), 2: topic(1, 'lunch'), 3: topic(1, 'Standup'), 4: topic(3, 'noise'), 5: dm('11'), 6: dm('12') });

  it('goes through the channels in sidebar order, each newest topic first, wrapping round, skipping muted channels', () => {
    expect(nextUnreadTopic(unread, { kind: 'feed' })).toEqual({ kind: 'channel', channelId: 1, topic: 'Standup' });
    expect(nextUnreadTopic(unread, { kind: 'channel', channelId: 1, topic: 'standup' })).toEqual({ kind: 'channel', channelId: 1, topic: 'lunch' });
    expect(nextUnreadTopic(unread, { kind: 'channel', channelId: 1, topic: 'lunch' })).toEqual({ kind: 'channel', channelId: 2, topic: 'deploys' });
    expect(nextUnreadTopic(unread, { kind: 'channel', channelId: 2, topic: 'deploys' })).toEqual({ kind: 'channel', channelId: 1, topic: 'Standup' });
    expect(nextUnreadTopic(unread, { kind: 'channel', channelId: 2 })).toEqual({ kind: 'channel', channelId: 2, topic: 'deploys' });
  });

  it('has nowhere to go without unread topics, or from the only one', () => {
    expect(nextUnreadTopic(state({}), { kind: 'feed' })).toBeNull();
    expect(nextUnreadTopic(state({ 1: topic(1, 'lunch') }), { kind: 'channel', channelId: 1, topic: 'lunch' })).toBeNull();
  });

  it('goes to DM conversations with unread messages, most recent first', () => {
    expect(nextUnreadDm(unread, { kind: 'feed' })).toEqual({ kind: 'dm', userIds: [12] });
    expect(nextUnreadDm(unread, { kind: 'dm', userIds: [12] })).toEqual({ kind: 'dm', userIds: [11] });
    expect(nextUnreadDm(state({}), { kind: 'feed' })).toBeNull();
  });
});

describe('a with narrow follows its message', () => {
  it("becomes the message's conversation, in channel, DM and feed narrows; other views keep theirs", () => {
    const moved = { kind: 'channel', channelId: 2, topic: 'new home' } as const;
    expect(followedFilter({ kind: 'channel', channelId: 1, topic: 'old' }, moved, ME)).toEqual({ kind: 'channel', channelId: 2, topic: 'new home' });
    expect(followedFilter({ kind: 'feed' }, { kind: 'dm', userIds: [ME, 11] }, ME)).toEqual({ kind: 'dm', userIds: [11] });
    expect(followedFilter({ kind: 'starred' }, moved, ME)).toEqual({ kind: 'starred' });
  });
});

