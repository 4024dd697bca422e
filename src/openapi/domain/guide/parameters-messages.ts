import type { ParameterDescriptions } from './parameter-descriptions';

/** Parameters of messages, drafts, scheduled messages, flags, reactions, typing and events. */
export const MESSAGE_PARAMETERS: ParameterDescriptions = {
  glossary: {
    message_id: 'The id of the message.',
    type:
      '`stream` (or `channel`) for a message to a channel topic, `direct` (or the older `private`) for a direct ' +
      'message.',
    to:
      'Where the message goes: for a channel message, the channel\'s id or name; for a direct message, a JSON list of ' +
      'user ids (or email addresses).',
    topic: 'The topic within the channel. An empty topic is the channel\'s "general chat" where the organization allows it.',
    content: 'The message text, in Zulip\'s Markdown.',
    queue_id:
      'The id of an event queue (from `POST /register`).',
    local_id:
      'A client-chosen id for the message being sent; it comes back in the sender\'s own `message` event, so the ' +
      'client can match the echo to its local copy. Used together with `queue_id`.',
    read_by_sender: 'Whether the message starts read for its sender. By default it does when a person sends it from a client.',
    anchor:
      'Where the range starts: a message id, or `newest`, `oldest` or `first_unread`. The anchor need not exist: the ' +
      'nearest messages are used.',
    include_anchor: 'Whether the anchor message itself is included when it matches.',
    num_before: 'How many messages before the anchor (older ones).',
    num_after: 'How many messages after the anchor (newer ones).',
    narrow:
      'A JSON list of search terms, each `{"operator": ..., "operand": ...}` (optionally `"negated": true`), e.g. ' +
      '`channel`, `topic`, `dm`, `sender`, `is`, `search`, `id`. Every term must match.',
    use_first_unread_anchor: 'The older way of asking for `anchor` `first_unread`.',
    client_gravatar:
      'Whether the client computes Gravatar addresses itself: when true, `avatar_url` is null for users who have no ' +
      'uploaded avatar.',
    apply_markdown: 'Whether message contents are sent rendered as HTML (true) or as the raw Markdown text (false).',
    allow_empty_topic_name:
      'Whether the client understands the empty topic; without it, the empty topic is shown under its display name.',
    message_ids: 'A JSON list of message ids to fetch instead of a range around an anchor.',
    messages: 'A JSON list of the message ids to change.',
    msg_ids: 'A JSON list of message ids to test against the narrow.',
    flag:
      'The flag to add or remove, e.g. `read`, `starred` or `collapsed`. Flags the server keeps itself (mentions, ' +
      '`has_alert_word`, `historical`) are refused.',
    op: '`add` or `remove`.',
    propagate_mode:
      'Which messages a topic or channel change moves: `change_one` (this message), `change_later` (this and later ' +
      'ones in the topic) or `change_all` (the whole topic).',
    send_notification_to_old_thread: 'Whether to post a notice in the topic the messages left.',
    send_notification_to_new_thread: 'Whether to post a notice in the topic the messages moved to.',
    emoji_name: 'The emoji\'s name, e.g. `thumbs_up`.',
    emoji_code:
      'The emoji\'s code: the Unicode code point(s) in hex for a Unicode emoji, the id of a custom emoji, or the name ' +
      'for the Zulip extra emoji. Found from `emoji_name` when omitted.',
    reaction_type: '`unicode_emoji`, `realm_emoji` (a custom emoji) or `zulip_extra_emoji`. Found from the emoji when omitted.',
    msg_type: 'The kind of widget data; `widget` for the widgets Zulip\'s clients know (polls, to-do lists).',
    draft_id: 'The id of the draft.',
    drafts: 'The drafts to create.',
    draft: 'The new draft, replacing the old one entirely.',
    scheduled_message_id: 'The id of the scheduled message.',
    scheduled_delivery_timestamp: 'When to send the message: a UNIX timestamp in seconds, in the future.',
    saved_snippet_id: 'The id of the saved snippet.',
    title: 'The snippet\'s title (at most 60 characters).',
    topic_name: 'The topic\'s name.',
    last_event_id: 'The id of the last event the client has handled; the answer holds the events after it.',
    dont_block: 'Answer at once, even with no events, instead of waiting for one.',
    event_types: 'A JSON list of the event types the queue receives; all of them when omitted.',
    fetch_event_types:
      'A JSON list of the parts of the initial state to fetch; defaults to `event_types`. The names are event types ' +
      '(`message`, `subscription`, `realm_user`, ...).',
    all_public_streams: 'Whether the queue receives the messages of every public channel, not only subscribed ones.',
    client_capabilities:
      'A JSON object of the features the client supports (e.g. `notification_settings_null`, `user_avatar_url_field_optional`, ' +
      '`stream_typing_notifications`); the server shapes events and state to them.',
    lifespan_secs: 'How long the queue lives without being polled, in seconds.',
    queue_lifespan_secs: 'The same as `lifespan_secs` (the older name).',
    include_subscribers: 'Whether each subscription lists its subscribers\' user ids.',
    slim_presence: 'Whether presence is keyed by user id in the compact format rather than by email.',
    presence_history_limit_days: 'How many days of presence history the initial state holds.',
    file: 'The file, as the request\'s one multipart part.',
  },
  overrides: {
    'POST /api/v1/external/{integration_name}': {
      integration_name: 'The integration: one of the `name`s of register\'s `realm_incoming_webhook_bots` (`json`, `slack_incoming`...).',
      api_key: 'The API key of the bot (or user) the message is sent as; in the URL, as the service cannot send credentials.',
      stream: 'The channel to post to: its name, or its id. Without it, the message goes to the bot\'s owner as a direct message.',
      topic: 'The topic to post in, instead of the one the integration picks.',
      only_events: 'A JSON list of shell-style patterns (`push`, `pull_request*`): only event types matching one are posted.',
      exclude_events: 'A JSON list of shell-style patterns: event types matching one are not posted.',
    },
    'POST /api/v1/typing': {
      op: '`start` when the user starts composing, `stop` when they stop.',
      to: 'For a direct message: a JSON list of the recipients\' user ids.',
      stream_id: 'For a channel message: the channel\'s id.',
      topic: 'For a channel message: the topic being composed in.',
      type: '`direct` (the default) or `stream`/`channel`.',
    },
    'POST /api/v1/messages/{message_id}/typing': { op: '`start` when the user starts editing the message, `stop` when they stop.' },
    'PATCH /api/v1/messages/{message_id}': {
      stream_id: 'The channel to move the message (and, with `propagate_mode`, its topic) to.',
      topic: 'The new topic.',
      content: 'The new content, in Markdown.',
    },
    'POST /api/v1/submessage': {
      message_id: 'The id of the message the widget belongs to.',
      content: 'The widget data, a JSON text the widget understands (a vote, a new option, ...).',
    },
    'POST /api/v1/messages/render': { content: 'The Markdown to render.' },
    'POST /api/v1/saved_snippets': { content: 'The snippet\'s text (at most 10,000 characters).' },
    'PATCH /api/v1/saved_snippets/{saved_snippet_id}': { content: 'The snippet\'s new text.', title: 'The snippet\'s new title.' },
    'POST /api/v1/mark_stream_as_read': { stream_id: 'The channel whose messages become read.' },
    'POST /api/v1/mark_topic_as_read': { stream_id: 'The channel of the topic.' },
    'POST /api/v1/register': {
      narrow: 'A JSON list of `[operator, operand]` pairs: the queue receives only messages in this narrow.',
      client_gravatar: 'As for messages: `avatar_url` null where the client can compute the Gravatar address.',
    },
    'DELETE /api/v1/events': { queue_id: 'The queue to delete.' },
    'GET /api/v1/events': { queue_id: 'The queue to poll.' },
    'POST /api/v1/messages': { queue_id: 'The sender\'s event queue, to which the `local_id` echo goes.' },
    'PATCH /api/v1/scheduled_messages/{scheduled_message_id}': {
      type: 'The new kind of recipient (needs `to`).',
      to: 'The new recipients, as for sending.',
      topic: 'The new topic.',
      content: 'The new content.',
      scheduled_delivery_timestamp: 'The new time to send it (UNIX seconds, in the future).',
    },
    'POST /api/v1/streams/{stream_id}/delete_topic': { topic_name: 'The topic whose messages are deleted.' },
  },
};
