import { guide, OperationGuides } from './tags';

/** Users, their settings, presence and status, user groups, bots and bot storage. */
export const USER_GUIDES: OperationGuides = {
  'GET /api/v1/users': guide(
    'users',
    'Lists every user of the organization the requester may see, bots and deactivated users included, with their',
    'role, time zone and avatar; custom profile field values on request. Email addresses follow each user\'s',
    'email visibility setting.',
  ),
  'GET /api/v1/users/me': guide(
    'users',
    'Answers the requester\'s own user object, its fields at the top level of the answer, with the id of the newest',
    'message they received (`max_message_id`). A cheap way to check credentials.',
  ),
  'GET /api/v1/users/{user_id}': guide('users', 'Fetches one user, by id or email address, as the list of users would show them.'),
  'POST /api/v1/users': guide(
    'users',
    'Creates an account in the organization with the given address, password and name (administrators who may',
    'create users). The new user joins the default channels and everyone gets a `realm_user` event.',
  ),
  'PATCH /api/v1/users/{user_id}': guide(
    'users',
    'Changes another user\'s full name or role (administrators; only owners may grant or take away ownership). The',
    'last owner of an organization cannot be demoted.',
  ),
  'DELETE /api/v1/users/me': guide(
    'users',
    'Deactivates the requester\'s own account: its sessions and API key stop working. The organization\'s last owner',
    'cannot do this.',
  ),
  'DELETE /api/v1/users/{user_id}': guide(
    'users',
    'Deactivates a user (administrators): they can no longer log in, and their bots are deactivated with them. Their',
    'messages stay.',
  ),
  'POST /api/v1/users/{user_id}/reactivate': guide('users', 'Reactivates a deactivated user (administrators), who can log in again.'),
  'POST /api/v1/users/me/api_key/regenerate': guide(
    'authentication',
    'Replaces the requester\'s API key with a new one and answers it; the old key stops working at once, for every',
    'client that used it.',
  ),
  'POST /api/v1/fetch_api_key': guide(
    'authentication',
    'Exchanges an email address and password for the account\'s API key, which then authenticates every other',
    'request (HTTP Basic, the address and the key). Attempts are rate-limited.',
  ),
  'PATCH /api/v1/settings': guide(
    'users',
    'Changes the requester\'s personal settings (display, notifications, privacy, ...) and account details: full',
    'name, email address (confirmed by a mailed link), password and time zone. Only the settings given change; each',
    'change reaches the user\'s clients as a `user_settings` event.',
  ),
  'PATCH /api/v1/settings/display': guide('users', 'The older interface for display settings: the same as changing personal settings.'),
  'PATCH /api/v1/settings/notifications': guide('users', 'The older interface for notification settings: the same as changing personal settings.'),
  'POST /api/v1/users/me/avatar': guide(
    'users',
    'Sets the requester\'s avatar from an uploaded image (one file, multipart), resized by the server, and answers its',
    'address. Refused when the organization does not let users change their avatars.',
  ),
  'DELETE /api/v1/users/me/avatar': guide('users', 'Removes the requester\'s uploaded avatar, going back to the Gravatar picture for their address.'),
  'POST /api/v1/users/me/status': guide(
    'users',
    'Sets the requester\'s status: a short text, an emoji, or both (empty values clear them), and whether they are',
    'away. Everyone gets a `user_status` event.',
  ),
  'GET /api/v1/users/{user_id}/status': guide('users', 'Fetches a user\'s status text and emoji (empty when none is set).'),
  'POST /api/v1/users/me/presence': guide(
    'users',
    'Reports that the requester\'s client is active or idle; clients call it about once a minute. Unless `ping_only`,',
    'the answer holds the presence of everyone in the organization (only the changes since `last_update_id` when',
    'given), which is how clients keep their buddy list fresh.',
  ),
  'GET /api/v1/realm/presence': guide('users', 'Answers the presence of everyone in the organization in the older per-client format, with the server\'s time.'),
  'GET /api/v1/users/{user_id_or_email}/presence': guide(
    'users',
    'Answers one user\'s presence: when they were last active and last connected. Bots have none.',
  ),
  'POST /api/v1/users/me/muted_users/{muted_user_id}': guide(
    'users',
    'Mutes a user for the requester: their messages are hidden and they do not count in unread totals. The',
    'requester\'s clients get a `muted_users` event.',
  ),
  'DELETE /api/v1/users/me/muted_users/{muted_user_id}': guide(
    'users',
    'Unmutes a user the requester had muted: their messages show and count again. The requester\'s clients get a',
    '`muted_users` event.',
  ),
  'PATCH /api/v1/users/me/profile_data': guide(
    'users',
    'Sets the requester\'s values of custom profile fields, each checked against its field\'s kind (a date, a link, an',
    'option, users, ...). Fields the organization does not let users edit are refused.',
  ),
  'DELETE /api/v1/users/me/profile_data': guide('users', 'Clears the requester\'s values of the given custom profile fields.'),
  'GET /api/v1/users/me/alert_words': guide('users', 'Lists the requester\'s alert words: words that flag a message and notify them when it contains one.'),
  'POST /api/v1/users/me/alert_words': guide('users', 'Adds alert words for the requester and answers the whole updated list.'),
  'DELETE /api/v1/users/me/alert_words': guide('users', 'Removes alert words of the requester and answers the remaining list.'),
  'GET /api/v1/bots': guide('users', 'Lists the bots the requester owns, with their API keys and default channels.'),
  'POST /api/v1/bots': guide(
    'users',
    'Creates a bot owned by the requester: a generic bot, an incoming webhook, an outgoing webhook (with the address',
    'messages are posted to) or an embedded bot. The answer holds its id, address and API key. The organization',
    'decides who may create bots.',
  ),
  'PATCH /api/v1/bots/{bot_id}': guide(
    'users',
    'Changes a bot (its owner or an administrator): its name, owner, role, default channels and, for webhook and',
    'embedded bots, their service settings.',
  ),
  'DELETE /api/v1/bots/{bot_id}': guide('users', 'Deactivates a bot (its owner or an administrator): its API key stops working.'),
  'POST /api/v1/bots/{bot_id}/api_key/regenerate': guide('users', 'Replaces a bot\'s API key (its owner or an administrator) and answers the new one.'),
  'GET /api/v1/bot_storage': guide('users', 'Reads the key/value pairs a bot stored on the server: every key, or those asked for.'),
  'PUT /api/v1/bot_storage': guide('users', 'Stores key/value pairs for the requesting bot, replacing the values of keys it already has, within a size limit.'),
  'DELETE /api/v1/bot_storage': guide('users', 'Removes keys from the requesting bot\'s storage: those named, or all of them.'),
  'GET /api/v1/user_groups': guide(
    'users',
    'Lists the organization\'s user groups, the system role groups included, with their members, subgroups and',
    'permission settings.',
  ),
  'POST /api/v1/user_groups/create': guide(
    'users',
    'Creates a user group with its members, subgroups and permission settings, and answers its id. The organization',
    'decides who may create groups.',
  ),
  'PATCH /api/v1/user_groups/{user_group_id}': guide(
    'users',
    'Changes a user group\'s name, description or permission settings (who may join, leave, manage or mention it).',
    'Needs the right to manage the group; system groups cannot be changed.',
  ),
  'POST /api/v1/user_groups/{user_group_id}/members': guide(
    'users',
    'Adds and removes members of a user group (and, optionally, subgroups) in one request, as the group\'s',
    'permissions allow.',
  ),
  'POST /api/v1/user_groups/{user_group_id}/subgroups': guide(
    'users',
    'Adds and removes subgroups of a user group; a change that would make a group contain itself is refused.',
  ),
  'POST /api/v1/user_groups/{user_group_id}/deactivate': guide(
    'users',
    'Deactivates a user group that no setting uses any more: it can no longer be mentioned or given permissions.',
  ),
  'GET /api/v1/user_groups/{user_group_id}/members': guide('users', 'Lists a group\'s members: direct ones, or with those of its subgroups.'),
  'GET /api/v1/user_groups/{user_group_id}/members/{user_id}': guide(
    'users',
    'Says whether a user is a member of a group, directly or through its subgroups.',
  ),
  'GET /api/v1/user_groups/{user_group_id}/subgroups': guide('users', 'Lists a group\'s subgroups: direct ones, or all of them down the tree.'),
};
