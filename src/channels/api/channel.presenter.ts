import { GroupSettingValue } from '../../groups/public/group-setting';
import { UserSettings } from '../../users/public/user-settings';
import { StreamPostPolicy } from '../public/channel-rules';
import { SubscriptionRow } from '../public/subscription-row';
import { ChannelView } from '../queries/channel-views';
import { ChannelListing } from '../queries/get-streams.query';
import { SubscriptionState } from '../queries/get-subscriptions.query';

/** The channel object (Zulip's BasicChannel). */
export interface ChannelWire {
  stream_id: number;
  name: string;
  is_archived: boolean;
  description: string;
  date_created: number;
  creator_id: number | null;
  invite_only: boolean;
  rendered_description: string;
  is_web_public: boolean;
  stream_post_policy: number;
  message_retention_days: number | null;
  history_public_to_subscribers: boolean;
  first_message_id: number | null;
  is_recently_active: boolean;
  is_announcement_only: boolean;
  can_add_subscribers_group: GroupSettingValue;
  can_remove_subscribers_group: GroupSettingValue;
  can_administer_channel_group: GroupSettingValue;
  can_send_message_group: GroupSettingValue;
  can_subscribe_group: GroupSettingValue;
  stream_weekly_traffic: number | null;
  is_default?: boolean;
}

/** A subscription as the subscriber sees it: the channel plus personal settings. */
export interface SubscriptionWire extends ChannelWire {
  color: string;
  is_muted: boolean;
  in_home_view: boolean;
  pin_to_top: boolean;
  desktop_notifications: boolean | null;
  audible_notifications: boolean | null;
  push_notifications: boolean | null;
  email_notifications: boolean | null;
  wildcard_mentions_notify: boolean | null;
  subscribers?: number[];
}

/** The channel object of a view. */
export function presentChannel(view: ChannelView): ChannelWire {
  const { stream } = view;
  return {
    stream_id: stream.id,
    name: stream.name,
    is_archived: stream.deactivated,
    description: stream.description,
    date_created: Math.floor(stream.dateCreated.getTime() / 1000),
    creator_id: stream.creatorId,
    invite_only: stream.inviteOnly,
    rendered_description: stream.renderedDescription,
    is_web_public: stream.isWebPublic,
    stream_post_policy: view.postPolicy,
    message_retention_days: stream.messageRetentionDays,
    history_public_to_subscribers: stream.historyPublicToSubscribers,
    first_message_id: stream.firstMessageId,
    is_recently_active: stream.isRecentlyActive,
    is_announcement_only: view.postPolicy === StreamPostPolicy.Administrators,
    can_add_subscribers_group: view.canAddSubscribers,
    can_remove_subscribers_group: view.canRemoveSubscribers,
    can_administer_channel_group: view.canAdministerChannel,
    can_send_message_group: view.canSendMessage,
    can_subscribe_group: view.canSubscribe,
    stream_weekly_traffic: view.weeklyTraffic,
  };
}

/** A listing's channel objects; with the default channels' ids, each says whether it is one. */
export function presentChannelListing({ channels, defaultChannelIds }: ChannelListing): ChannelWire[] {
  return channels.map((view) => {
    const wire = presentChannel(view);
    if (defaultChannelIds) wire.is_default = defaultChannelIds.has(view.stream.id);
    return wire;
  });
}

/** A channel the user is (or was) subscribed to: its view, the subscription, perhaps its subscribers. */
export interface SubscriptionEntry {
  view: ChannelView;
  subscription: SubscriptionRow;
  subscribers?: number[];
}

/**
 * Subscription objects. Without the `notification_settings_null` capability, unset
 * per-channel notification settings show the user's global setting instead of null.
 */
export function presentSubscriptions(
  entries: readonly SubscriptionEntry[],
  settings: UserSettings,
  notificationSettingsNull: boolean,
): SubscriptionWire[] {
  const inherit = <T>(value: T | null, fallback: T): T | null => (value === null && !notificationSettingsNull ? fallback : value);
  return entries.map((entry) => {
    const sub = entry.subscription;
    // Object.assign, not a spread with more keys after it: V8 copies a spread object
    // without room for more keys, and adding nine cost ten times the copy (1.4 ms for 50).
    const wire: SubscriptionWire = Object.assign({}, presentChannel(entry.view), {
      color: sub.color,
      is_muted: sub.isMuted,
      in_home_view: !sub.isMuted,
      pin_to_top: sub.pinToTop,
      desktop_notifications: inherit(sub.desktopNotifications, settings.enable_stream_desktop_notifications),
      audible_notifications: inherit(sub.audibleNotifications, settings.enable_stream_audible_notifications),
      push_notifications: inherit(sub.pushNotifications, settings.enable_stream_push_notifications),
      email_notifications: inherit(sub.emailNotifications, settings.enable_stream_email_notifications),
      wildcard_mentions_notify: inherit(sub.wildcardMentionsNotify, settings.wildcard_mentions_notify),
    });
    if (entry.subscribers) wire.subscribers = entry.subscribers;
    return wire;
  });
}

/** The channel state of one user, as `GET /users/me/subscriptions` and register give it. */
export interface SubscriptionStateWire {
  subscriptions: SubscriptionWire[];
  unsubscribed: SubscriptionWire[];
  never_subscribed: (ChannelWire & { subscribers?: number[] })[];
}

export function presentSubscriptionState(state: SubscriptionState, notificationSettingsNull: boolean): SubscriptionStateWire {
  return {
    subscriptions: presentSubscriptions(state.subscribed, state.settings, notificationSettingsNull),
    unsubscribed: presentSubscriptions(state.unsubscribed, state.settings, notificationSettingsNull),
    never_subscribed: state.neverSubscribed.map((entry) => {
      const wire: ChannelWire & { subscribers?: number[] } = presentChannel(entry.view);
      if (entry.subscribers) wire.subscribers = entry.subscribers;
      return wire;
    }),
  };
}
