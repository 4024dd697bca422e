import { notifiedOfEveryMessage, emailTrigger, newlyMentioned, RecipientNotificationFacts } from './email-triggers';

const base: RecipientNotificationFacts = {
  isPrivate: false,
  flags: 0,
  enableOffline: true,
  enableStream: false,
  enableFollowedTopic: true,
  wildcardMentionsNotify: true,
  followedTopicWildcardMentionsNotify: true,
  subscriptionSetting: null,
  subscriptionWildcard: null,
  channelMuted: false,
  visibilityPolicy: 0,
};

describe('emailTrigger (Zulip get_email_notification_trigger)', () => {
  it('sends direct messages by enable_offline_email_notifications alone', () => {
    expect(emailTrigger({ ...base, isPrivate: true })).toBe('private_message');
    expect(emailTrigger({ ...base, isPrivate: true, enableOffline: false })).toBeNull();
  });

  it('puts mentions before wildcards, followed topics and channels', () => {
    expect(emailTrigger({ ...base, flags: 8, visibilityPolicy: 3, enableStream: true })).toBe('mentioned');
    expect(emailTrigger({ ...base, flags: 64 })).toBe('mentioned');
    expect(emailTrigger({ ...base, flags: 32, visibilityPolicy: 3 })).toBe('topic_wildcard_mentioned_in_followed_topic');
    expect(emailTrigger({ ...base, flags: 16, visibilityPolicy: 3 })).toBe('stream_wildcard_mentioned_in_followed_topic');
    expect(emailTrigger({ ...base, flags: 32 })).toBe('topic_wildcard_mentioned');
    expect(emailTrigger({ ...base, flags: 16 })).toBe('stream_wildcard_mentioned');
    expect(emailTrigger({ ...base, visibilityPolicy: 3 })).toBe('followed_topic_email_notify');
  });

  it('reads the channel setting, falling back to the user setting when it is null', () => {
    expect(emailTrigger({ ...base, enableStream: true })).toBe('stream_email_notify');
    expect(emailTrigger({ ...base, enableStream: true, subscriptionSetting: false })).toBeNull();
    expect(emailTrigger({ ...base, enableStream: false, subscriptionSetting: true })).toBe('stream_email_notify');
    expect(emailTrigger(base)).toBeNull();
  });

  it('lets muted topics and channels silence channel emails and wildcards, not mentions', () => {
    expect(emailTrigger({ ...base, subscriptionSetting: true, visibilityPolicy: 1 })).toBeNull();
    expect(emailTrigger({ ...base, subscriptionSetting: true, channelMuted: true })).toBeNull();
    expect(emailTrigger({ ...base, subscriptionSetting: true, channelMuted: true, visibilityPolicy: 2 })).toBe('stream_email_notify');
    expect(emailTrigger({ ...base, flags: 16, channelMuted: true })).toBeNull();
    expect(emailTrigger({ ...base, flags: 8, channelMuted: true })).toBe('mentioned');
  });

  it('keeps mentions and wildcards off with enable_offline_email_notifications off', () => {
    expect(emailTrigger({ ...base, flags: 8, enableOffline: false })).toBeNull();
    expect(emailTrigger({ ...base, flags: 16, enableOffline: false })).toBeNull();
    expect(emailTrigger({ ...base, flags: 8, enableOffline: false, visibilityPolicy: 3 })).toBe('followed_topic_email_notify');
  });
});

describe('edits (Zulip maybe_enqueue_notifications_for_message_update)', () => {
  it('notifies those an edit newly mentions in any way, never those mentioned before it nor the editor', () => {
    const recipients = [
      { userId: 1, flags: 8 }, // mentioned before and after
      { userId: 2, flags: 8 | 1 }, // newly mentioned (read or not: the sender decides at send time)
      { userId: 3, flags: 16 }, // newly wildcard-mentioned
      { userId: 4, flags: 64 }, // newly group-mentioned
      { userId: 5, flags: 0 }, // not mentioned
      { userId: 6, flags: 8 }, // the editor
    ];
    expect(newlyMentioned(recipients, [1, 5], 6)).toEqual([2, 3, 4]);
  });

  it('leaves out users who get every message of the channel or topic (the send notified them)', () => {
    expect(notifiedOfEveryMessage({ ...base, enableStream: true })).toBe(true);
    expect(notifiedOfEveryMessage({ ...base, subscriptionSetting: true })).toBe(true);
    expect(notifiedOfEveryMessage({ ...base, enableStream: true, subscriptionSetting: false })).toBe(false);
    expect(notifiedOfEveryMessage({ ...base, visibilityPolicy: 3 })).toBe(true);
    expect(notifiedOfEveryMessage({ ...base, visibilityPolicy: 3, enableFollowedTopic: false })).toBe(false);
    expect(notifiedOfEveryMessage({ ...base, enableStream: true, visibilityPolicy: 1 })).toBe(false);
    expect(notifiedOfEveryMessage({ ...base, isPrivate: true, enableStream: true })).toBe(false);
  });
});
