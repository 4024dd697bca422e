import { emailTrigger, RecipientNotificationFacts } from './email-triggers';

const base: RecipientNotificationFacts = {
  isPrivate: false,
  flags: 0,
  enableOfflineEmail: true,
  enableStreamEmail: false,
  enableFollowedTopicEmail: true,
  wildcardMentionsNotify: true,
  followedTopicWildcardMentionsNotify: true,
  subscriptionEmail: null,
  subscriptionWildcard: null,
  channelMuted: false,
  visibilityPolicy: 0,
};

describe('emailTrigger (Zulip get_email_notification_trigger)', () => {
  it('sends direct messages by enable_offline_email_notifications alone', () => {
    expect(emailTrigger({ ...base, isPrivate: true })).toBe('private_message');
    expect(emailTrigger({ ...base, isPrivate: true, enableOfflineEmail: false })).toBeNull();
  });

  it('puts mentions before wildcards, followed topics and channels', () => {
    expect(emailTrigger({ ...base, flags: 8, visibilityPolicy: 3, enableStreamEmail: true })).toBe('mentioned');
    expect(emailTrigger({ ...base, flags: 64 })).toBe('mentioned');
    expect(emailTrigger({ ...base, flags: 32, visibilityPolicy: 3 })).toBe('topic_wildcard_mentioned_in_followed_topic');
    expect(emailTrigger({ ...base, flags: 16, visibilityPolicy: 3 })).toBe('stream_wildcard_mentioned_in_followed_topic');
    expect(emailTrigger({ ...base, flags: 32 })).toBe('topic_wildcard_mentioned');
    expect(emailTrigger({ ...base, flags: 16 })).toBe('stream_wildcard_mentioned');
    expect(emailTrigger({ ...base, visibilityPolicy: 3 })).toBe('followed_topic_email_notify');
  });

  it('reads the channel setting, falling back to the user setting when it is null', () => {
    expect(emailTrigger({ ...base, enableStreamEmail: true })).toBe('stream_email_notify');
    expect(emailTrigger({ ...base, enableStreamEmail: true, subscriptionEmail: false })).toBeNull();
    expect(emailTrigger({ ...base, enableStreamEmail: false, subscriptionEmail: true })).toBe('stream_email_notify');
    expect(emailTrigger(base)).toBeNull();
  });

  it('lets muted topics and channels silence channel emails and wildcards, not mentions', () => {
    expect(emailTrigger({ ...base, subscriptionEmail: true, visibilityPolicy: 1 })).toBeNull();
    expect(emailTrigger({ ...base, subscriptionEmail: true, channelMuted: true })).toBeNull();
    expect(emailTrigger({ ...base, subscriptionEmail: true, channelMuted: true, visibilityPolicy: 2 })).toBe('stream_email_notify');
    expect(emailTrigger({ ...base, flags: 16, channelMuted: true })).toBeNull();
    expect(emailTrigger({ ...base, flags: 8, channelMuted: true })).toBe('mentioned');
  });

  it('keeps mentions and wildcards off with enable_offline_email_notifications off', () => {
    expect(emailTrigger({ ...base, flags: 8, enableOfflineEmail: false })).toBeNull();
    expect(emailTrigger({ ...base, flags: 16, enableOfflineEmail: false })).toBeNull();
    expect(emailTrigger({ ...base, flags: 8, enableOfflineEmail: false, visibilityPolicy: 3 })).toBe('followed_topic_email_notify');
  });
});
