/**
 * The objects the examples share: one small organization, "Example Co", seen by Iago
 * (user 8, an administrator) talking with Cordelia (user 9) in the channel #design (id 12).
 */

export const ok = { result: 'success', msg: '' } as const;

export const IAGO = 8;
export const CORDELIA = 9;
export const DESIGN = 12;

/** A message as events carry it: the user's flags travel beside it. */
export const sampleMessageFields = {
  id: 4711,
  sender_id: CORDELIA,
  content: '<p>The new logo is ready for review: <a href="/user_uploads/2/4e/kJx2/logo.png">logo.png</a></p>',
  recipient_id: 31,
  timestamp: 1764412800,
  client: 'website',
  subject: 'logo',
  topic_links: [],
  is_me_message: false,
  reactions: [{ emoji_name: 'thumbs_up', emoji_code: '1f44d', reaction_type: 'unicode_emoji', user_id: IAGO }],
  submessages: [],
  sender_full_name: 'Cordelia Lear',
  sender_email: 'cordelia@example.com',
  sender_realm_str: 'example',
  display_recipient: 'design',
  type: 'stream',
  avatar_url: null,
  content_type: 'text/html',
  stream_id: DESIGN,
};

/** A message as fetching answers it, with the user's flags. */
export const sampleMessage = { ...sampleMessageFields, flags: ['read'] };

const everyone = 5;
const administrators = 2;

export const sampleChannel = {
  stream_id: DESIGN,
  name: 'design',
  is_archived: false,
  description: 'Logos, mock-ups and the style guide.',
  date_created: 1764000000,
  creator_id: IAGO,
  invite_only: false,
  rendered_description: '<p>Logos, mock-ups and the style guide.</p>',
  is_web_public: false,
  stream_post_policy: 1,
  message_retention_days: null,
  history_public_to_subscribers: true,
  first_message_id: 4200,
  is_recently_active: true,
  is_announcement_only: false,
  can_add_subscribers_group: everyone,
  can_remove_subscribers_group: administrators,
  can_administer_channel_group: { direct_members: [IAGO], direct_subgroups: [] },
  can_send_message_group: everyone,
  can_subscribe_group: { direct_members: [], direct_subgroups: [] },
  stream_weekly_traffic: 42,
};

export const sampleSubscription = {
  ...sampleChannel,
  color: '#76ce90',
  is_muted: false,
  in_home_view: true,
  pin_to_top: false,
  desktop_notifications: null,
  audible_notifications: null,
  push_notifications: null,
  email_notifications: null,
  wildcard_mentions_notify: null,
};

export const sampleUser = {
  user_id: CORDELIA,
  delivery_email: null,
  email: 'cordelia@example.com',
  full_name: 'Cordelia Lear',
  date_joined: '2025-11-24T16:00:00+00:00',
  is_active: true,
  is_owner: false,
  is_admin: false,
  is_guest: false,
  is_bot: false,
  bot_type: null,
  bot_owner_id: null,
  role: 400,
  timezone: 'Europe/London',
  avatar_url: '/user_avatars/2/3c1d9e7a5f.png?version=2',
  avatar_version: 2,
};

export const sampleIago = {
  ...sampleUser,
  user_id: IAGO,
  email: 'iago@example.com',
  delivery_email: 'iago@example.com',
  full_name: 'Iago',
  is_admin: true,
  role: 200,
  timezone: '',
  avatar_url: null,
  avatar_version: 1,
};
