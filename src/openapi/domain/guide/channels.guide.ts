import { guide, OperationGuides } from './tags';

/** Channels, subscriptions, topics and default channels. */
export const CHANNEL_GUIDES: OperationGuides = {
  'GET /api/v1/streams': guide(
    'channels',
    'Lists channels the user may see, chosen by the `include_*` filters: by default the public channels and those',
    'the user is subscribed to, without archived ones. Guests do not see public channels they are not in. Sorted by',
    'name.',
  ),
  'GET /api/v1/streams/{stream_id}': guide('channels', 'Fetches one channel the user may see: its name, description, privacy, permissions and activity.'),
  'GET /api/v1/get_stream_id': guide('channels', 'Looks up a channel\'s id by its name, for clients and integrations that know channels by name.'),
  'PATCH /api/v1/streams/{stream_id}': guide(
    'channels',
    'Changes a channel: its name, description, privacy (private, public or web-public), history visibility, default',
    'status, message retention and permission groups. Needs the right to administer the channel (some changes need',
    'an organization administrator or owner). Subscribers and, where it shows, everyone else get `stream` update',
    'events; changes such as a rename are announced in the channel\'s "channel events" topic.',
  ),
  'DELETE /api/v1/streams/{stream_id}': guide(
    'channels',
    'Archives a channel: it takes no new messages and is left out of channel lists unless archived channels are',
    'asked for. Needs the right to administer the channel.',
  ),
  'GET /api/v1/streams/{stream_id}/members': guide('channels', 'Lists the user ids of a channel\'s subscribers, where the user may see them.'),
  'GET /api/v1/streams/{stream_id}/email_address': guide(
    'channels',
    'Answers the address that posts to the channel through the email gateway, as the server\'s gateway pattern forms',
    'it for the chosen sender. Empty when this server has no gateway pattern configured.',
  ),
  'GET /api/v1/users/me/{stream_id}/topics': guide(
    'channels',
    'Lists a channel\'s topics that the user can read, each with the id of its latest message, most recent first.',
  ),
  'POST /api/v1/streams/{stream_id}/delete_topic': guide(
    'channels',
    'Deletes the messages of a topic that the administrator can read, newest first, in batches committed one by one.',
    'A request that runs out of time answers `complete` false and should be repeated.',
  ),
  'POST /api/v1/default_streams': guide(
    'channels',
    'Makes a channel a default channel, which new users are subscribed to when they join (administrators). A private',
    'channel cannot be one.',
  ),
  'DELETE /api/v1/default_streams': guide('channels', 'Stops a channel from being a default channel (administrators); current subscribers stay.'),
  'GET /api/v1/users/me/subscriptions': guide(
    'channels',
    'Lists the channels the user is subscribed to, each with the channel\'s own fields and the user\'s personal',
    'settings for it (color, muting, pinning, notifications), optionally with the subscribers.',
  ),
  'POST /api/v1/users/me/subscriptions': guide(
    'channels',
    'Subscribes the user, or the users named in `principals`, to channels, creating those that do not exist yet with',
    'the settings given (privacy, history, retention, permissions). The answer lists, per user, the channels newly',
    'subscribed and those already subscribed; with `authorization_errors_fatal` false, channels the user may not',
    'join are listed in `unauthorized` instead of failing the request.',
  ),
  'DELETE /api/v1/users/me/subscriptions': guide(
    'channels',
    'Unsubscribes the user, or the users named in `principals`, from channels given by name. The answer lists the',
    'channels left and those the users were not in.',
  ),
  'PATCH /api/v1/users/me/subscriptions': guide(
    'channels',
    'Subscribes the user to some channels and unsubscribes them from others in one request; the answer combines the',
    'two operations\' answers.',
  ),
  'POST /api/v1/users/me/subscriptions/properties': guide(
    'channels',
    'Changes personal settings of one or more of the user\'s subscriptions at once: color, muting, pinning and',
    'notification settings. Each change is an `update` subscription event for the user\'s clients.',
  ),
  'PATCH /api/v1/users/me/subscriptions/{stream_id}': guide(
    'channels',
    'Changes one personal setting of one of the user\'s subscriptions, as the batch operation does for a single change.',
  ),
  'GET /api/v1/users/{user_id}/subscriptions/{stream_id}': guide(
    'channels',
    'Says whether a user is subscribed to a channel, when the requester may see the channel\'s subscribers.',
  ),
  'POST /api/v1/user_topics': guide(
    'channels',
    'Sets how the user treats a topic: muted (its messages are hidden from unread counts and feeds), unmuted in a',
    'muted channel, followed (notified of every message), or back to the channel\'s default. The user\'s clients get a',
    '`user_topic` event.',
  ),
  'PATCH /api/v1/users/me/subscriptions/muted_topics': guide(
    'channels',
    'Mutes or unmutes a topic for the user: the older form of setting a topic\'s visibility policy, kept for clients',
    'that still use it.',
  ),
  'POST /api/v1/default_stream_groups/create': guide(
    'channels',
    'Creates a default channel group (administrators): a named set of channels that new users can choose to join',
    'when they sign up. None of its channels may already be a default channel.',
  ),
  'PATCH /api/v1/default_stream_groups/{group_id}': guide('channels', 'Renames a default channel group or changes its description (administrators).'),
  'PATCH /api/v1/default_stream_groups/{group_id}/streams': guide('channels', 'Adds channels to a default channel group or removes them from it (administrators).'),
  'DELETE /api/v1/default_stream_groups/{group_id}': guide('channels', 'Deletes a default channel group (administrators); its channels are not changed.'),
};
