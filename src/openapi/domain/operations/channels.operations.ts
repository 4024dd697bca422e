import { arr, bool, int, mapOf, obj, ref, str } from '../json-schema';
import { OperationTable, success } from '../operation-doc';

/** Channels, subscriptions, topics and per-topic settings. */
export const CHANNEL_OPERATIONS: OperationTable = {
  'GET /api/v1/streams': success('Channels the user may see, filtered by the include_* parameters.', { streams: arr(ref('Channel')) }),
  'GET /api/v1/streams/{stream_id}': success('One channel.', { stream: ref('Channel') }),
  'GET /api/v1/get_stream_id': success('A channel\'s id from its name.', { stream_id: int }),
  'PATCH /api/v1/streams/{stream_id}': success('Change a channel\'s name, description, privacy or permissions.'),
  'DELETE /api/v1/streams/{stream_id}': success('Archive a channel.'),
  'GET /api/v1/streams/{stream_id}/members': success('A channel\'s subscribers.', { subscribers: arr(int) }),
  'GET /api/v1/streams/{stream_id}/email_address': success(
    'A channel\'s email address, as the email gateway\'s pattern (`EMAIL_GATEWAY_PATTERN`) forms it for the caller and `sender_id` '
      + '(the email gateway by default, the caller, or a bot the caller administers); `""` when no gateway pattern is set, as Zulip by default.',
    { email: str },
  ),
  'GET /api/v1/users/me/{stream_id}/topics': success('A channel\'s topics, most recent first.', { topics: arr(obj({ name: str, max_id: int })) }),
  'POST /api/v1/streams/{stream_id}/delete_topic': success('Delete a topic\'s messages (in batches).', { complete: bool }),
  'POST /api/v1/default_streams': success('Add a default channel for new users.'),
  'DELETE /api/v1/default_streams': success('Remove a default channel.'),
  'GET /api/v1/users/me/subscriptions': success('The user\'s subscriptions.', { subscriptions: arr(ref('Subscription')) }),
  'POST /api/v1/users/me/subscriptions': success(
    'Subscribe users to channels, creating channels that do not exist.',
    { subscribed: mapOf(arr(str)), already_subscribed: mapOf(arr(str)), unauthorized: arr(str) },
    { optional: ['unauthorized'] },
  ),
  'DELETE /api/v1/users/me/subscriptions': success('Unsubscribe users from channels.', { removed: arr(str), not_removed: arr(str) }),
  'PATCH /api/v1/users/me/subscriptions': success(
    'Subscribe to (`add`) and unsubscribe from (`delete`) channels in one request.',
    { subscribed: mapOf(arr(str)), already_subscribed: mapOf(arr(str)), removed: arr(str), not_removed: arr(str) },
  ),
  'POST /api/v1/users/me/subscriptions/properties': success('Change personal settings of several subscriptions.'),
  'PATCH /api/v1/users/me/subscriptions/{stream_id}': success('Change one personal setting of a subscription.'),
  'GET /api/v1/users/{user_id}/subscriptions/{stream_id}': success('Whether a user is subscribed to a channel.', { is_subscribed: bool }),
  'POST /api/v1/user_topics': success('Set the user\'s visibility policy for a topic (mute, follow, ...).'),
  'PATCH /api/v1/users/me/subscriptions/muted_topics': success('Mute or unmute a topic (the older interface).'),
};
