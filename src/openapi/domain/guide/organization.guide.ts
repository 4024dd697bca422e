import { guide, OperationGuides } from './tags';

/** Real-time events, the server and the organization, invitations and mobile devices. */
export const ORGANIZATION_GUIDES: OperationGuides = {
  'POST /api/v1/register': guide(
    'real_time_events',
    'Creates an event queue for the client and answers, in the same moment, the initial state it applies events to:',
    'the parts named by `fetch_event_types` (messages\' unread counts, subscriptions, users, settings, ...). The client',
    'then polls `GET /events` with the answered `queue_id` and `last_event_id`. Without credentials, where the',
    'organization allows spectators, it answers the state of the web-public part only and creates no queue.',
  ),
  'GET /api/v1/events': guide(
    'real_time_events',
    'Long-polls an event queue: answers the events after `last_event_id` as soon as there is one, or a `heartbeat`',
    'event after 55 seconds (`HEARTBEAT_SECONDS`) without any. Passing `last_event_id` also lets the server drop the events up to it. A queue',
    'that expired or never existed is a `BAD_EVENT_QUEUE_ID` error: the client registers again.',
  ),
  'DELETE /api/v1/events': guide('real_time_events', 'Deletes an event queue the client no longer needs, such as when it logs out or closes.'),
  'GET /api/v1/server_settings': guide(
    'server_and_organizations',
    'Answers, without credentials, what a client needs before logging in: the server\'s version and feature level,',
    'the login methods, and the addressed organization\'s name, icon and sign-up rules. Clients check',
    '`svc_feature_level` (and Zulip\'s `zulip_feature_level`) to know which features they may use.',
  ),
  'PATCH /api/v1/realm': guide(
    'server_and_organizations',
    'Changes organization settings (administrators; some only owners): its name and description, policies, time',
    'limits, message retention and permission groups. Only the settings given change, and everyone gets',
    '`realm` update events.',
  ),
  'PATCH /api/v1/realm/user_settings_defaults': guide(
    'server_and_organizations',
    'Changes the personal settings new accounts start with (administrators); existing users keep theirs.',
  ),
  'POST /api/v1/realm/deactivate': guide(
    'server_and_organizations',
    'Deactivates the organization (owners). Its accounts are kept, but no one can sign in or use the API there until',
    'the operator reactivates it (`manage reactivate-realm`); open event queues get a `realm` event `deactivated`,',
    'sessions end, and every owner is told by mail. `deletion_delay_days` (at least 14) schedules the deletion of its data.',
  ),
  'GET /api/v1/realm/emoji': guide('server_and_organizations', 'Lists the organization\'s custom emoji, deactivated ones included, keyed by id.'),
  'POST /api/v1/realm/emoji/{emoji_name}': guide(
    'server_and_organizations',
    'Adds a custom emoji from an uploaded image (one file, multipart) under the given name, as the organization lets',
    'its members. Animated images also get a still version.',
  ),
  'DELETE /api/v1/realm/emoji/{emoji_name}': guide(
    'server_and_organizations',
    'Deactivates a custom emoji (its author or an administrator): existing messages and reactions keep showing it, but',
    'it can no longer be used.',
  ),
  'GET /api/v1/realm/linkifiers': guide('server_and_organizations', 'Lists the organization\'s linkifiers in the order they are applied.'),
  'PATCH /api/v1/realm/linkifiers': guide('server_and_organizations', 'Sets the order in which the linkifiers are applied (administrators).'),
  'POST /api/v1/realm/filters': guide(
    'server_and_organizations',
    'Adds a linkifier (administrators): text in messages and topics matching the pattern becomes a link built from the',
    'URL template, e.g. `#123` to an issue tracker. Answers its id.',
  ),
  'PATCH /api/v1/realm/filters/{filter_id}': guide('server_and_organizations', 'Changes a linkifier\'s pattern and URL template (administrators).'),
  'DELETE /api/v1/realm/filters/{filter_id}': guide('server_and_organizations', 'Removes a linkifier (administrators): text it matched is no longer linked in messages rendered from then on.'),
  'POST /api/v1/realm/playgrounds': guide(
    'server_and_organizations',
    'Adds a code playground (administrators): code blocks in the given language get a link that opens their code in an',
    'external tool. Answers its id.',
  ),
  'DELETE /api/v1/realm/playgrounds/{playground_id}': guide('server_and_organizations', 'Removes a code playground (administrators).'),
  'GET /api/v1/realm/profile_fields': guide('server_and_organizations', 'Lists the organization\'s custom profile fields, in their display order.'),
  'POST /api/v1/realm/profile_fields': guide(
    'server_and_organizations',
    'Creates a custom profile field (administrators): a kind (text, date, link, list of options, users, ...), a name and',
    'a hint. Answers its id.',
  ),
  'PATCH /api/v1/realm/profile_fields': guide('server_and_organizations', 'Sets the display order of the custom profile fields (administrators).'),
  'PATCH /api/v1/realm/profile_fields/{field_id}': guide(
    'server_and_organizations',
    'Changes a custom profile field\'s name, hint, options and whether it is required, editable by users or shown in',
    'profile summaries (administrators). Its kind cannot change.',
  ),
  'DELETE /api/v1/realm/profile_fields/{field_id}': guide('server_and_organizations', 'Deletes a custom profile field and every user\'s value for it (administrators).'),
  'GET /api/v1/realm/domains': guide(
    'server_and_organizations',
    'Lists the email domains the organization accepts addresses from when it restricts sign-ups to its domains.',
  ),
  'POST /api/v1/realm/domains': guide('server_and_organizations', 'Adds an allowed email domain (organization owners), and whether its subdomains count too.'),
  'PATCH /api/v1/realm/domains/{domain}': guide('server_and_organizations', 'Changes whether an allowed domain\'s subdomains are allowed too (organization owners).'),
  'DELETE /api/v1/realm/domains/{domain}': guide(
    'server_and_organizations',
    'Removes an allowed email domain (organization owners); removing the last one lifts the restriction to domains.',
  ),
  'POST /api/v1/realm/icon': guide('server_and_organizations', 'Uploads the organization\'s icon (administrators), stored as a 100-pixel square. Answers its URL.'),
  'DELETE /api/v1/realm/icon': guide('server_and_organizations', 'Goes back to the default icon (administrators). Answers its URL.'),
  'POST /api/v1/realm/logo': guide(
    'server_and_organizations',
    'Uploads the organization\'s logo for the light or the dark theme (administrators), stored within 800 by 100 pixels.',
  ),
  'DELETE /api/v1/realm/logo': guide('server_and_organizations', 'Goes back to the default logo for the light or the dark theme (administrators).'),
  'GET /api/v1/export/realm': guide('server_and_organizations', 'Lists the organization\'s data exports, oldest first, with their state and archive address (administrators).'),
  'POST /api/v1/export/realm': guide(
    'server_and_organizations',
    'Starts a data export of the organization (administrators): public data, or everything of the members who consent.',
    'It is written in the background; a `realm_export` event announces its archive\'s address. A few exports a week at',
    'most.',
  ),
  'DELETE /api/v1/export/realm/{export_id}': guide('server_and_organizations', 'Deletes a finished data export and its archive (administrators).'),
  'GET /api/v1/export/realm/consents': guide(
    'server_and_organizations',
    'Lists, for each active member, whether they let administrators export their private data (administrators).',
  ),
  'GET /api/v1/calls/bigbluebutton/create': guide(
    'server_and_organizations',
    'Answers a signed link that creates and joins a new BigBlueButton meeting, the requester its moderator; clients',
    'post the link in a message. The link is formed even when no BigBlueButton server is configured, as Zulip does.',
  ),
  'GET /api/v1/invites': guide(
    'invites',
    'Lists the unexpired invitations the requester may manage, email invitations and reusable links alike: their own,',
    'or, for administrators, the whole organization\'s.',
  ),
  'POST /api/v1/invites': guide(
    'invites',
    'Emails invitations to join the organization with a role, channels and user groups. Addresses already in use are',
    'skipped and reported in an `INVITATION_FAILED` error; a daily limit on invitations applies. The organization',
    'decides who may invite.',
  ),
  'DELETE /api/v1/invites/{invite_id}': guide('invites', 'Revokes an email invitation: its link stops working.'),
  'POST /api/v1/invites/{invite_id}/resend': guide('invites', 'Emails an invitation again to its address, for invitees who lost or never got the first email.'),
  'POST /api/v1/invites/multiuse': guide(
    'invites',
    'Creates a reusable invitation link: anyone who opens it may sign up, with the role, channels and groups chosen',
    'here, until it expires or is revoked. Answers the link.',
  ),
  'DELETE /api/v1/invites/multiuse/{invite_id}': guide('invites', 'Revokes a reusable invitation link: it stops working.'),
  'POST /api/v1/users/me/apns_device_token': guide(
    'mobile',
    'Registers an iOS device\'s token for push notifications of the requester\'s messages. People only, not bots;',
    'registering the same device again changes nothing.',
  ),
  'DELETE /api/v1/users/me/apns_device_token': guide('mobile', 'Forgets an iOS device token the requester registered.'),
  'POST /api/v1/users/me/android_gcm_reg_id': guide(
    'mobile',
    'Registers an Android device\'s FCM token for push notifications of the requester\'s messages. People only, not bots.',
  ),
  'DELETE /api/v1/users/me/android_gcm_reg_id': guide('mobile', 'Forgets an Android device token the requester registered.'),
  'POST /api/v1/mobile_push/test_notification': guide(
    'mobile',
    'Asks for a test push notification to one of the requester\'s devices, or to all of them. This server has no push',
    'notification service configured, so, as Zulip in that case, nothing is sent; an unknown token is refused.',
  ),
};
