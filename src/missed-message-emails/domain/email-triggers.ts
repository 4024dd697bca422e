/**
 * Zulip's NotificationTriggers and UserMessageNotificationsData's choice among them
 * (zerver/lib/notification_data.py, get_email_notification_trigger and
 * get_push_notification_trigger): the first that applies, in this order. The rules are the
 * same for emails and push notifications; each reads its own settings (the `_email_` or
 * `_push_` ones) and names the last two triggers after itself.
 */
export const EMAIL_TRIGGERS = [
  'private_message',
  'mentioned',
  'topic_wildcard_mentioned_in_followed_topic',
  'stream_wildcard_mentioned_in_followed_topic',
  'topic_wildcard_mentioned',
  'stream_wildcard_mentioned',
  'followed_topic_email_notify',
  'stream_email_notify',
] as const;
export type EmailTrigger = (typeof EMAIL_TRIGGERS)[number];

/** The push notifications' names of the same triggers (Zulip's, as its payloads and workers use them). */
export type PushTrigger =
  | Exclude<EmailTrigger, 'followed_topic_email_notify' | 'stream_email_notify'>
  | 'followed_topic_push_notify'
  | 'stream_push_notify';

/** Which notification the facts' settings are about. */
export type NotificationMedium = 'email' | 'push';

/** Flag bits (Zulip's order) the choice reads. */
const MENTIONED = 8;
const STREAM_WILDCARD = 16;
const TOPIC_WILDCARD = 32;
const GROUP_MENTIONED = 64;

/** UserTopic.VisibilityPolicy values the choice reads. */
const MUTED_TOPIC = 1;
const UNMUTED_TOPIC = 2;
const FOLLOWED_TOPIC = 3;

/**
 * What one recipient's settings say about a message (read after the message was sent),
 * for one medium: `enableOffline` is `enable_offline_email_notifications` or
 * `enable_offline_push_notifications`, and so on.
 */
export interface RecipientNotificationFacts {
  isPrivate: boolean;
  /** The recipient's flag bits on the message. */
  flags: number;
  enableOffline: boolean;
  enableStream: boolean;
  enableFollowedTopic: boolean;
  wildcardMentionsNotify: boolean;
  followedTopicWildcardMentionsNotify: boolean;
  /** The subscription's own settings (`email_notifications` or `push_notifications`; null: follow the user's). */
  subscriptionSetting: boolean | null;
  subscriptionWildcard: boolean | null;
  channelMuted: boolean;
  /** The topic's visibility policy for the user, 0 without one. */
  visibilityPolicy: number;
}

/**
 * Zulip's user_allows_notifications_in_StreamTopic: a muted topic never notifies, a muted
 * channel only in topics unmuted or followed; otherwise the channel's setting, or the
 * user's where the channel's is null.
 */
function allowsInTopic(facts: RecipientNotificationFacts, channelSetting: boolean | null, userSetting: boolean): boolean {
  if (facts.visibilityPolicy === MUTED_TOPIC) return false;
  if (facts.channelMuted && facts.visibilityPolicy !== UNMUTED_TOPIC && facts.visibilityPolicy !== FOLLOWED_TOPIC) return false;
  return channelSetting ?? userSetting;
}

/**
 * The reason this recipient (not the sender, not one who muted the sender: the caller
 * leaves those out) gets an email for the message if they are away, or null for none.
 * Direct messages, mentions and wildcard mentions obey `enable_offline_email_notifications`
 * (Zulip's dm_mention_email_disabled_user_ids); followed topics and channels their own settings.
 */
export function emailTrigger(facts: RecipientNotificationFacts): EmailTrigger | null {
  const trigger = notificationTrigger(facts);
  if (trigger === 'followed_topic') return 'followed_topic_email_notify';
  if (trigger === 'stream') return 'stream_email_notify';
  return trigger;
}

/** The same for a push notification (Zulip's get_push_notification_trigger, for an idle user). */
export function pushTrigger(facts: RecipientNotificationFacts): PushTrigger | null {
  const trigger = notificationTrigger(facts);
  if (trigger === 'followed_topic') return 'followed_topic_push_notify';
  if (trigger === 'stream') return 'stream_push_notify';
  return trigger;
}

type SharedTrigger = Exclude<EmailTrigger, 'followed_topic_email_notify' | 'stream_email_notify'> | 'followed_topic' | 'stream';

function notificationTrigger(facts: RecipientNotificationFacts): SharedTrigger | null {
  const offline = facts.enableOffline;
  if (facts.isPrivate) return offline ? 'private_message' : null;
  const following = facts.visibilityPolicy === FOLLOWED_TOPIC;
  const topicWildcard = (facts.flags & TOPIC_WILDCARD) !== 0;
  const streamWildcard = (facts.flags & STREAM_WILDCARD) !== 0;
  const wildcardNotify = allowsInTopic(facts, facts.subscriptionWildcard, facts.wildcardMentionsNotify);
  const followedWildcard = following && facts.followedTopicWildcardMentionsNotify;
  if (offline && (facts.flags & (MENTIONED | GROUP_MENTIONED)) !== 0) return 'mentioned';
  if (offline && topicWildcard && followedWildcard) return 'topic_wildcard_mentioned_in_followed_topic';
  if (offline && streamWildcard && followedWildcard) return 'stream_wildcard_mentioned_in_followed_topic';
  if (offline && topicWildcard && wildcardNotify) return 'topic_wildcard_mentioned';
  if (offline && streamWildcard && wildcardNotify) return 'stream_wildcard_mentioned';
  if (following && facts.enableFollowedTopic) return 'followed_topic';
  if (allowsInTopic(facts, facts.subscriptionSetting, facts.enableStream)) return 'stream';
  return null;
}

/**
 * Zulip's stream_email_notify or followed_topic_email_notify (with email facts), or their
 * `_push_` twins (with push facts): the user asked to hear of every message of the
 * channel or topic, so the message's send already notified them (an edit adding a
 * mention does not notify them again).
 */
export function notifiedOfEveryMessage(facts: RecipientNotificationFacts): boolean {
  if (facts.isPrivate) return false;
  if (facts.visibilityPolicy === FOLLOWED_TOPIC && facts.enableFollowedTopic) return true;
  return allowsInTopic(facts, facts.subscriptionSetting, facts.enableStream);
}

/**
 * Zulip's maybe_enqueue_notifications_for_message_update, for both media: of the users who
 * have a channel message after a content edit, those it newly mentions (any kind) and who
 * were not mentioned before it; never the editor. Direct messages notify once, at send.
 */
export function newlyMentioned(
  recipients: readonly { userId: number; flags: number }[],
  priorMentionUserIds: readonly number[],
  actingUserId: number,
): number[] {
  const prior = new Set(priorMentionUserIds);
  return recipients
    .filter((recipient) => (recipient.flags & ANY_MENTION_BITS) !== 0 && !prior.has(recipient.userId) && recipient.userId !== actingUserId)
    .map((recipient) => recipient.userId);
}

/** Mentions of any kind: they make a channel recipient a candidate by themselves, and bring context into the email. */
export const ANY_MENTION_BITS = MENTIONED | GROUP_MENTIONED | STREAM_WILDCARD | TOPIC_WILDCARD;

/**
 * Zulip's OFFLINE_THRESHOLD_SECS (filter_presence_idle_user_ids): a user whose presence was
 * last active longer ago than this is idle.
 */
export const IDLE_AFTER_SECONDS = 140;
