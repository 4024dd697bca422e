import { BATCHING, REALM_NAME } from '../settings/NotificationsSection';
import { CLOCKS, HOME_VIEWS, THEMES } from '../settings/PreferencesSection';
import type { Choice } from '../settings/SettingSelect';

/** One setting of `PATCH /realm/user_settings_defaults`: a yes/no one, or one of a few values. */
export interface DefaultSetting {
  readonly name: string;
  readonly label: string;
  readonly choices?: readonly Choice[];
}

export interface DefaultGroup {
  readonly legend: string;
  readonly settings: readonly DefaultSetting[];
}

/** Zulip's automatically_follow_topics_policy and its unmute twin: participation, sending, starting, never. */
const TOPIC_POLICY: readonly Choice[] = [
  { value: 1, label: 'Topics I participate in' },
  { value: 2, label: 'Topics I send a message to' },
  { value: 3, label: 'Topics I start' },
  { value: 4, label: 'Never' },
];
const SOUNDS: readonly Choice[] = ['none', 'chime-dl', 'ding', 'ding-ding', 'pip-pop', 'zulip'].map((sound) => ({ value: sound, label: sound === 'none' ? 'None' : sound }));

/**
 * Every setting the server takes in `PATCH /realm/user_settings_defaults`
 * (src/users/public/user-settings.ts: all personal settings but the language, login and
 * marketing emails and private data export), grouped and worded as Zulip's
 * `organization-level-user-defaults` section, with Zulip's values for each choice.
 */
export const DEFAULT_GROUPS: readonly DefaultGroup[] = [
  {
    legend: 'General',
    settings: [
      { name: 'web_home_view', label: 'Home view', choices: HOME_VIEWS },
      { name: 'color_scheme', label: 'Theme', choices: THEMES },
      { name: 'twenty_four_hour_time', label: 'Time format', choices: CLOCKS },
      { name: 'web_font_size_px', label: 'Message-area font size (px)', choices: [12, 13, 14, 15, 16, 17, 18, 20].map((size) => ({ value: size, label: String(size) })) },
      { name: 'web_line_height_percent', label: 'Message-area line spacing (%)', choices: [120, 130, 140, 150, 160, 170].map((size) => ({ value: size, label: String(size) })) },
      { name: 'emojiset', label: 'Emoji style', choices: [{ value: 'google', label: 'Google' }, { value: 'twitter', label: 'Twitter' }, { value: 'text', label: 'Plain text' }, { value: 'google-blob', label: 'Google blobs' }] },
      { name: 'translate_emoticons', label: 'Convert emoticons before sending (:) becomes 😃)' },
      { name: 'display_emoji_reaction_users', label: 'Show who reacted in emoji reactions' },
      { name: 'web_animate_image_previews', label: 'Play animated images', choices: [{ value: 'always', label: 'Always' }, { value: 'on_hover', label: 'When the pointer is over them' }, { value: 'never', label: 'Never' }] },
      { name: 'fluid_layout_width', label: 'Use the full width of wide screens' },
      { name: 'high_contrast_mode', label: 'High contrast mode' },
      { name: 'left_side_userlist', label: 'Show the user list in the left sidebar in narrow windows' },
      { name: 'user_list_style', label: 'User list style', choices: [{ value: 1, label: 'Compact' }, { value: 2, label: 'With status' }, { value: 3, label: 'With avatar and status' }] },
      { name: 'hide_ai_features', label: 'Hide AI features' },
      { name: 'web_suggest_update_timezone', label: 'Offer to update to my computer\'s time zone' },
    ],
  },
  {
    legend: 'Navigation and reading',
    settings: [
      { name: 'web_escape_navigates_to_home_view', label: 'Escape goes to the home view' },
      { name: 'web_mark_read_on_scroll_policy', label: 'Mark messages as read on scroll', choices: [{ value: 1, label: 'Always' }, { value: 2, label: 'Only in conversation views' }, { value: 3, label: 'Never' }] },
      { name: 'web_channel_default_view', label: 'Channel links in the sidebar go to', choices: [{ value: 1, label: 'Top topic in the channel' }, { value: 2, label: 'Channel feed' }] },
      { name: 'demote_inactive_streams', label: 'Demote inactive channels', choices: [{ value: 1, label: 'Automatic' }, { value: 2, label: 'Always' }, { value: 3, label: 'Never' }] },
      { name: 'web_stream_unreads_count_display_policy', label: 'Unread counts in the channel list', choices: [{ value: 1, label: 'All channels' }, { value: 2, label: 'Unmuted channels and topics' }, { value: 3, label: 'No channels' }] },
      { name: 'starred_message_counts', label: 'Show the count of starred messages' },
      { name: 'receives_typing_notifications', label: 'Show when other people are typing' },
      { name: 'web_navigate_to_sent_message', label: 'Go to the conversation of a message just sent' },
      { name: 'enter_sends', label: 'Enter sends a message (Shift+Enter adds a line)' },
      { name: 'enable_drafts_synchronization', label: 'Keep drafts on the server' },
    ],
  },
  {
    legend: 'Channel notifications',
    settings: [
      { name: 'enable_stream_desktop_notifications', label: 'Desktop notifications for channel messages' },
      { name: 'enable_stream_audible_notifications', label: 'Sound for channel messages' },
      { name: 'enable_stream_push_notifications', label: 'Mobile notifications for channel messages' },
      { name: 'enable_stream_email_notifications', label: 'Email notifications for channel messages' },
    ],
  },
  {
    legend: 'Followed topics',
    settings: [
      { name: 'enable_followed_topic_desktop_notifications', label: 'Desktop notifications for followed topics' },
      { name: 'enable_followed_topic_audible_notifications', label: 'Sound for followed topics' },
      { name: 'enable_followed_topic_push_notifications', label: 'Mobile notifications for followed topics' },
      { name: 'enable_followed_topic_email_notifications', label: 'Email notifications for followed topics' },
      { name: 'enable_followed_topic_wildcard_mentions_notify', label: 'Notify of @all and @everyone in followed topics' },
      { name: 'automatically_follow_topics_policy', label: 'Follow topics automatically', choices: TOPIC_POLICY },
      { name: 'automatically_unmute_topics_in_muted_streams_policy', label: 'Unmute topics in muted channels automatically', choices: TOPIC_POLICY },
      { name: 'automatically_follow_topics_where_mentioned', label: 'Follow topics where I am mentioned' },
    ],
  },
  {
    legend: 'Direct messages, mentions and alerts',
    settings: [
      { name: 'enable_desktop_notifications', label: 'Desktop notifications' },
      { name: 'enable_sounds', label: 'Sound' },
      { name: 'notification_sound', label: 'Notification sound', choices: SOUNDS },
      { name: 'pm_content_in_desktop_notifications', label: 'Include the message\'s content in desktop notifications' },
      { name: 'enable_offline_push_notifications', label: 'Mobile notifications while away' },
      { name: 'enable_online_push_notifications', label: 'Mobile notifications while online too' },
      { name: 'enable_offline_email_notifications', label: 'Email notifications while away' },
      { name: 'wildcard_mentions_notify', label: 'Notify of @all and @everyone mentions' },
      { name: 'desktop_icon_count_display', label: 'Count in the desktop icon', choices: [{ value: 1, label: 'All unread messages' }, { value: 2, label: 'Direct messages, mentions and followed topics' }, { value: 3, label: 'Direct messages and mentions' }, { value: 4, label: 'None' }] },
    ],
  },
  {
    legend: 'Emails',
    settings: [
      { name: 'email_notifications_batching_period_seconds', label: 'Wait before sending notification emails', choices: BATCHING },
      { name: 'message_content_in_email_notifications', label: 'Include the message\'s content in notification emails' },
      { name: 'realm_name_in_email_notifications_policy', label: 'Organization name in the subject', choices: REALM_NAME },
      { name: 'enable_digest_emails', label: 'Send digest emails after time away' },
    ],
  },
  {
    legend: 'Privacy',
    settings: [
      { name: 'presence_enabled', label: 'Show others when one is online' },
      { name: 'send_private_typing_notifications', label: 'Tell others when one is typing a direct message' },
      { name: 'send_stream_typing_notifications', label: 'Tell others when one is typing a channel message' },
      { name: 'send_read_receipts', label: 'Let others see when one has read their messages' },
      { name: 'email_address_visibility', label: 'Who can see one\'s real email address', choices: [{ value: 1, label: 'Everyone' }, { value: 2, label: 'Members only' }, { value: 3, label: 'Administrators only' }, { value: 4, label: 'Nobody' }, { value: 5, label: 'Moderators and administrators' }] },
    ],
  },
];
