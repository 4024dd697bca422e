/**
 * The access-control audit's route table (issue 9): every route the server serves maps to
 * the probes that try it against data the caller must not reach, or to the reason it
 * holds nothing of another user's or another realm's. test/access-audit.spec.ts fails when
 * a served route has no entry here, so a new route cannot land unaudited.
 */

/** Probes run by test/access-audit-messages.spec.ts, each against every actor who must not reach the data. */
export const MESSAGE_PROBES = [
  'message by id',
  'message edit history',
  'message read receipts',
  'edit message content',
  'move message',
  'delete message',
  'add reaction',
  'remove reaction',
  'star message by id',
  'ignored flag changes',
  'flags by narrow',
  'fetch by channel narrow',
  'search',
  'anchor at a private message',
  'fetch by message ids',
  'messages match a narrow',
  'mark channel and topic read',
  'typing in a channel',
  'typing while editing a message',
  'submessage',
  'send to a private channel',
  'render a private channel link',
] as const;

/** Probes run by test/access-audit.spec.ts, each against every actor who must not reach the data. */
export const DATA_PROBES = [
  'channel by id',
  'channel id by name',
  'channel members',
  'channel topics',
  'update or delete a channel',
  'delete topic',
  'channel lists',
  'subscription properties',
  'subscription status',
  'topic visibility',
  'subscribe to a private channel',
  'unsubscribe from a private channel',
  'default channels',
  'user by id',
  'user by email',
  'user status',
  'user presence',
  'user lists',
  'mute another realm user',
  'administer another realm user',
  'direct message to another realm user',
  'draft of another user',
  'attachment of another user',
  'upload of another user',
  'bot of another user',
  'bot storage of another user',
  'saved snippet of another user',
  'scheduled message of another user',
  'push device of another user',
  'user group of another realm',
  'profile field of another realm',
  'linkifier of another realm',
  'playground of another realm',
  'realm domain of another realm',
  'default channel group of another realm',
  'custom emoji of another realm',
  'avatar of another realm user',
  'event queue of another user',
] as const;

/** Probes run by test/access-audit-events.spec.ts. */
export const EVENT_PROBES = ['events about private data'] as const;

export type ProbeName = (typeof MESSAGE_PROBES)[number] | (typeof DATA_PROBES)[number] | (typeof EVENT_PROBES)[number];

export type RouteAudit =
  /** Probes that try the route against data the caller must not reach. */
  | { probes: readonly ProbeName[] }
  /**
   * Why the route holds no other user's or realm's data. `anonymous`: served without
   * credentials, so the deactivated user's sweep does not expect "Account is deactivated" there.
   */
  | { exempt: string; anonymous?: true };

const probes = (...names: ProbeName[]): RouteAudit => ({ probes: names });
const exempt = (reason: string): RouteAudit => ({ exempt: reason });
const anonymous = (reason: string): RouteAudit => ({ exempt: reason, anonymous: true });

const OWN = "acts on the requester's own settings or state only";
const OWN_REALM = "an administrator's change to the realm the request's host names; the realm B owner's run only ever reaches realm B";
const CREATE = 'creates something new in the realm the host names; nothing existing of another user is named';

/** Every `METHOD /path` the server serves (OpenAPI form), audited. */
export const ROUTE_AUDIT: Record<string, RouteAudit> = {
  // Messages.
  'POST /api/v1/messages': probes('send to a private channel', 'direct message to another realm user'),
  'GET /api/v1/messages': probes('fetch by channel narrow', 'search', 'anchor at a private message', 'fetch by message ids', 'star message by id'),
  'GET /api/v1/messages/matches_narrow': probes('messages match a narrow'),
  'GET /api/v1/messages/{message_id}': probes('message by id'),
  'PATCH /api/v1/messages/{message_id}': probes('edit message content', 'move message'),
  'DELETE /api/v1/messages/{message_id}': probes('delete message'),
  'GET /api/v1/messages/{message_id}/history': probes('message edit history'),
  'GET /api/v1/messages/{message_id}/read_receipts': probes('message read receipts'),
  'POST /api/v1/messages/render': probes('render a private channel link', 'direct message to another realm user'),
  'POST /api/v1/messages/flags': probes('star message by id', 'ignored flag changes'),
  'POST /api/v1/messages/flags/narrow': probes('flags by narrow'),
  'POST /api/v1/mark_all_as_read': exempt("changes the requester's own flags on messages they received"),
  'POST /api/v1/mark_stream_as_read': probes('mark channel and topic read'),
  'POST /api/v1/mark_topic_as_read': probes('mark channel and topic read'),
  'POST /api/v1/messages/{message_id}/reactions': probes('add reaction'),
  'DELETE /api/v1/messages/{message_id}/reactions': probes('remove reaction'),
  'POST /api/v1/typing': probes('typing in a channel', 'direct message to another realm user'),
  'POST /api/v1/messages/{message_id}/typing': probes('typing while editing a message'),
  'POST /api/v1/submessage': probes('submessage'),
  'GET /api/v1/drafts': probes('draft of another user'),
  'POST /api/v1/drafts': probes('direct message to another realm user'),
  'PATCH /api/v1/drafts/{draft_id}': probes('draft of another user'),
  'DELETE /api/v1/drafts/{draft_id}': probes('draft of another user'),
  'GET /api/v1/saved_snippets': probes('saved snippet of another user'),
  'POST /api/v1/saved_snippets': exempt(OWN),
  'PATCH /api/v1/saved_snippets/{saved_snippet_id}': probes('saved snippet of another user'),
  'DELETE /api/v1/saved_snippets/{saved_snippet_id}': probes('saved snippet of another user'),
  'GET /api/v1/scheduled_messages': probes('scheduled message of another user'),
  'POST /api/v1/scheduled_messages': probes('send to a private channel', 'direct message to another realm user'),
  'PATCH /api/v1/scheduled_messages/{scheduled_message_id}': probes('scheduled message of another user'),
  'DELETE /api/v1/scheduled_messages/{scheduled_message_id}': probes('scheduled message of another user'),
  'POST /api/v1/users/me/apns_device_token': exempt(OWN),
  'DELETE /api/v1/users/me/apns_device_token': probes('push device of another user'),
  'POST /api/v1/users/me/android_gcm_reg_id': exempt(OWN),
  'DELETE /api/v1/users/me/android_gcm_reg_id': probes('push device of another user'),
  'POST /api/v1/mobile_push/test_notification': probes('push device of another user'),
  'GET /api/v1/streams/{stream_id}/email_address': probes('channel by id'),
  'GET /api/v1/calls/bigbluebutton/create': exempt('signs a link to a new meeting from its parameters alone; nothing is read or stored'),

  // Events.
  'POST /api/v1/register': probes('events about private data'),
  'GET /api/v1/events': probes('events about private data', 'event queue of another user'),
  'DELETE /api/v1/events': probes('event queue of another user'),

  // Channels and subscriptions.
  'GET /api/v1/streams': probes('channel lists'),
  'GET /api/v1/streams/{stream_id}': probes('channel by id'),
  'PATCH /api/v1/streams/{stream_id}': probes('update or delete a channel'),
  'DELETE /api/v1/streams/{stream_id}': probes('update or delete a channel'),
  'GET /api/v1/streams/{stream_id}/members': probes('channel members'),
  'POST /api/v1/streams/{stream_id}/delete_topic': probes('delete topic'),
  'GET /api/v1/get_stream_id': probes('channel id by name'),
  'GET /api/v1/users/me/{stream_id}/topics': probes('channel topics'),
  'GET /api/v1/users/me/subscriptions': probes('channel lists'),
  'POST /api/v1/users/me/subscriptions': probes('subscribe to a private channel'),
  'DELETE /api/v1/users/me/subscriptions': probes('unsubscribe from a private channel'),
  'PATCH /api/v1/users/me/subscriptions': probes('subscribe to a private channel', 'unsubscribe from a private channel'),
  'POST /api/v1/users/me/subscriptions/properties': probes('subscription properties'),
  'PATCH /api/v1/users/me/subscriptions/{stream_id}': probes('subscription properties'),
  'GET /api/v1/users/{user_id}/subscriptions/{stream_id}': probes('subscription status'),
  'PATCH /api/v1/users/me/subscriptions/muted_topics': probes('topic visibility'),
  'POST /api/v1/user_topics': probes('topic visibility'),
  'POST /api/v1/default_streams': probes('default channels'),
  'DELETE /api/v1/default_streams': probes('default channels'),
  'POST /api/v1/default_stream_groups/create': probes('default channel group of another realm'),
  'PATCH /api/v1/default_stream_groups/{group_id}': probes('default channel group of another realm'),
  'PATCH /api/v1/default_stream_groups/{group_id}/streams': probes('default channel group of another realm'),
  'DELETE /api/v1/default_stream_groups/{group_id}': probes('default channel group of another realm'),

  // Users.
  'GET /api/v1/users': probes('user lists'),
  'POST /api/v1/users': exempt(OWN_REALM),
  'GET /api/v1/users/me': exempt(OWN),
  'DELETE /api/v1/users/me': exempt(OWN),
  'GET /api/v1/users/{user_id}': probes('user by id', 'user by email'),
  'PATCH /api/v1/users/{user_id}': probes('administer another realm user'),
  'DELETE /api/v1/users/{user_id}': probes('administer another realm user'),
  'POST /api/v1/users/{user_id}/reactivate': probes('administer another realm user'),
  'POST /api/v1/users/me/api_key/regenerate': exempt(OWN),
  'GET /api/v1/users/{user_id}/status': probes('user status'),
  'POST /api/v1/users/me/status': exempt(OWN),
  'GET /api/v1/users/{user_id_or_email}/presence': probes('user presence'),
  'POST /api/v1/users/me/presence': probes('user lists'),
  'GET /api/v1/realm/presence': probes('user lists'),
  'POST /api/v1/users/me/muted_users/{muted_user_id}': probes('mute another realm user'),
  'DELETE /api/v1/users/me/muted_users/{muted_user_id}': probes('mute another realm user'),
  'GET /api/v1/users/me/alert_words': exempt(OWN),
  'POST /api/v1/users/me/alert_words': exempt(OWN),
  'DELETE /api/v1/users/me/alert_words': exempt(OWN),
  'PATCH /api/v1/settings': exempt(OWN),
  'PATCH /api/v1/settings/display': exempt(OWN),
  'PATCH /api/v1/settings/notifications': exempt(OWN),
  'POST /api/v1/users/me/avatar': exempt(OWN),
  'DELETE /api/v1/users/me/avatar': exempt(OWN),
  'PATCH /api/v1/users/me/profile_data': probes('profile field of another realm'),
  'DELETE /api/v1/users/me/profile_data': probes('profile field of another realm'),
  'GET /accounts/confirm_new_email/{key}': anonymous('a confirmation link: the key is the secret, and an unknown key is refused alike'),
  'GET /accounts/password/reset': anonymous('the password reset form: a page for anyone'),
  'POST /accounts/password/reset': anonymous('asks for a reset mail: answers alike whether or not the address has an account; the link goes only to the mailbox'),
  'GET /accounts/password/reset/done': anonymous('a static "check your email" page'),
  'GET /accounts/password/reset/{uidb64}/{token}': anonymous('a reset link: the token is the secret; an unknown, used or expired one gets the same invalid-link page'),
  'POST /accounts/password/reset/{uidb64}/{token}': anonymous('sets a password only with a valid link (and the form\'s CSRF token)'),
  'GET /accounts/password/done': anonymous('a static "password reset complete" page'),
  'GET /static/pages.css': anonymous('the pages\' stylesheet'),

  // Bots.
  'GET /api/v1/bots': probes('bot of another user'),
  'POST /api/v1/bots': exempt(CREATE),
  'PATCH /api/v1/bots/{bot_id}': probes('bot of another user'),
  'DELETE /api/v1/bots/{bot_id}': probes('bot of another user'),
  'POST /api/v1/bots/{bot_id}/api_key/regenerate': probes('bot of another user'),
  'GET /api/v1/bot_storage': probes('bot storage of another user'),
  'PUT /api/v1/bot_storage': probes('bot storage of another user'),
  'DELETE /api/v1/bot_storage': probes('bot storage of another user'),

  // Uploads and avatars.
  'POST /api/v1/user_uploads': exempt(CREATE),
  'GET /api/v1/user_uploads/{wildcard_path}': probes('upload of another user'),
  'GET /user_uploads/{wildcard_path}': probes('upload of another user'),
  'GET /user_uploads/download/{wildcard_path}': probes('upload of another user'),
  'GET /user_uploads/temporary/{wildcard_path}': { exempt: 'a signed, expiring link: without a valid token nothing is served (probed with a forged token)', anonymous: true },
  'GET /api/v1/attachments': probes('attachment of another user'),
  'DELETE /api/v1/attachments/{attachment_id}': probes('attachment of another user'),
  'GET /avatar/{user}': probes('avatar of another realm user'),
  'GET /avatar/{user}/medium': probes('avatar of another realm user'),
  'GET /user_avatars/{wildcard_path}': anonymous('avatar images are public by design (Zulip serves them without credentials)'),
  'GET /static/images/unknown-user-avatar.png': anonymous('a static image'),
  'GET /static/generated/emoji/emoji_api.json': anonymous('static emoji data'),

  // User groups.
  'GET /api/v1/user_groups': probes('user group of another realm'),
  'POST /api/v1/user_groups/create': exempt(CREATE),
  'PATCH /api/v1/user_groups/{user_group_id}': probes('user group of another realm'),
  'POST /api/v1/user_groups/{user_group_id}/deactivate': probes('user group of another realm'),
  'GET /api/v1/user_groups/{user_group_id}/members': probes('user group of another realm'),
  'POST /api/v1/user_groups/{user_group_id}/members': probes('user group of another realm'),
  'GET /api/v1/user_groups/{user_group_id}/members/{user_id}': probes('user group of another realm'),
  'GET /api/v1/user_groups/{user_group_id}/subgroups': probes('user group of another realm'),
  'POST /api/v1/user_groups/{user_group_id}/subgroups': probes('user group of another realm'),

  // Realm configuration.
  'PATCH /api/v1/realm': exempt(OWN_REALM),
  'PATCH /api/v1/realm/user_settings_defaults': exempt(OWN_REALM),
  'GET /api/v1/realm/profile_fields': probes('profile field of another realm'),
  'POST /api/v1/realm/profile_fields': exempt(OWN_REALM),
  'PATCH /api/v1/realm/profile_fields': probes('profile field of another realm'),
  'PATCH /api/v1/realm/profile_fields/{field_id}': probes('profile field of another realm'),
  'DELETE /api/v1/realm/profile_fields/{field_id}': probes('profile field of another realm'),
  'GET /api/v1/realm/linkifiers': probes('linkifier of another realm'),
  'PATCH /api/v1/realm/linkifiers': probes('linkifier of another realm'),
  'POST /api/v1/realm/filters': exempt(OWN_REALM),
  'PATCH /api/v1/realm/filters/{filter_id}': probes('linkifier of another realm'),
  'DELETE /api/v1/realm/filters/{filter_id}': probes('linkifier of another realm'),
  'POST /api/v1/realm/playgrounds': exempt(OWN_REALM),
  'DELETE /api/v1/realm/playgrounds/{playground_id}': probes('playground of another realm'),
  'GET /api/v1/realm/domains': probes('realm domain of another realm'),
  'POST /api/v1/realm/domains': exempt(OWN_REALM),
  'PATCH /api/v1/realm/domains/{domain}': probes('realm domain of another realm'),
  'DELETE /api/v1/realm/domains/{domain}': probes('realm domain of another realm'),
  'GET /api/v1/realm/emoji': probes('custom emoji of another realm'),
  'POST /api/v1/realm/emoji/{emoji_name}': exempt(CREATE),
  'DELETE /api/v1/realm/emoji/{emoji_name}': probes('custom emoji of another realm'),

  // Authentication, public and operational routes.
  'POST /api/v1/fetch_api_key': anonymous('authentication: answers only for the right password'),
  'GET /api/v1/server_settings': anonymous('public server and realm settings, as Zulip serves them'),
  'GET /api/v1/openapi.json': anonymous('the API description'),
  'GET /api/v1/docs': anonymous('the API description'),
  'GET /api/v1/docs/swagger-ui-bundle.js': anonymous('a static asset'),
  'GET /api/v1/docs/init.js': anonymous('a static asset'),
  'GET /api/v1/docs/swagger-ui.css': anonymous('a static asset'),
  'GET /': anonymous('a landing page'),
  'GET /health/live': anonymous('a health probe without realm data'),
  'GET /health/ready': anonymous('a health probe without realm data'),
};
