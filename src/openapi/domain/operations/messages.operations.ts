import { arr, bool, int, literal, mapOf, nullable, obj, oneOf, ref, str } from '../json-schema';
import { OperationTable, success, successEnvelope } from '../operation-doc';
import { jsonEncoded as draftParam } from './handler-read-params';

const flagUpdate = { messages: arr(int), ignored_because_not_subscribed_channels: arr(int) };

/** Messages: sending, fetching, editing, flags, reactions, typing, widgets. */
export const MESSAGE_OPERATIONS: OperationTable = {
  'POST /api/v1/external/{integration_name}': {
    summary: 'Post a third-party service\'s payload as a message, formatted by the named incoming-webhook integration.',
    // Read by the handler from the query string (or a form body); the payload is the body itself.
    form: {
      api_key: str,
      stream: str,
      topic: str,
      only_events: { ...str, description: 'JSON-encoded list of shell-style patterns of event types to post.' },
      exclude_events: { ...str, description: 'JSON-encoded list of shell-style patterns of event types not to post.' },
    },
    responses: {
      '200': {
        description:
          'Posted (or deliberately not posted); or, with `code` `UNSUPPORTED_WEBHOOK_EVENT_TYPE`, an event the ' +
          'integration does not support, which Zulip also answers 200 with `result` `success`.',
        schema: oneOf(
          successEnvelope({ ok: bool }, { optional: ['ok'] }),
          obj({ result: literal('success'), msg: str, code: literal('UNSUPPORTED_WEBHOOK_EVENT_TYPE'), webhook_name: str, event_type: str }),
        ),
      },
    },
  },
  'POST /api/v1/messages': success('Send a message to a channel topic or a direct-message conversation.', { id: int }),
  'GET /api/v1/messages': success(
    'Fetch messages around an anchor in a narrow.',
    { anchor: int, found_anchor: bool, found_oldest: bool, found_newest: bool, history_limited: bool, messages: arr(ref('Message')) },
    { optional: ['anchor'] },
  ),
  'GET /api/v1/messages/matches_narrow': success(
    'Which of the given messages (among those the user received) match a narrow, with their search highlights.',
    { messages: mapOf(mapOf(str)) },
  ),
  'GET /api/v1/messages/{message_id}': success('Fetch one message, with its raw Markdown.', { raw_content: str, message: ref('Message') }),
  'PATCH /api/v1/messages/{message_id}': success('Edit a message\'s content or move it (topic, channel).', { detached_uploads: arr(ref('Attachment')) }),
  'DELETE /api/v1/messages/{message_id}': success('Delete a message.'),
  'GET /api/v1/messages/{message_id}/history': success('Every version of a message, oldest first.', { message_history: arr(ref('MessageHistoryVersion')) }),
  'POST /api/v1/messages/render': success('Render Markdown as the server would for a message.', { rendered: str }),
  'POST /api/v1/messages/flags': success('Add or remove a flag on listed messages.', flagUpdate, { optional: ['ignored_because_not_subscribed_channels'] }),
  'POST /api/v1/messages/flags/narrow': success(
    'Add or remove a flag on a range of messages in a narrow.',
    {
      processed_count: int,
      updated_count: int,
      first_processed_id: nullable(int),
      last_processed_id: nullable(int),
      found_oldest: bool,
      found_newest: bool,
      ignored_because_not_subscribed_channels: arr(int),
    },
    { optional: ['ignored_because_not_subscribed_channels'] },
  ),
  'POST /api/v1/mark_all_as_read': success('Mark every message read.', { complete: bool }, { optional: ['complete'] }),
  'POST /api/v1/mark_stream_as_read': success('Mark a channel\'s messages read.', { complete: bool }, { optional: ['complete'] }),
  'POST /api/v1/mark_topic_as_read': success('Mark a topic\'s messages read.', { complete: bool }, { optional: ['complete'] }),
  'POST /api/v1/messages/{message_id}/reactions': success('Add an emoji reaction.'),
  'DELETE /api/v1/messages/{message_id}/reactions': success('Remove an emoji reaction.'),
  'POST /api/v1/typing': success('Tell others the user is (or stopped) composing.'),
  'POST /api/v1/messages/{message_id}/typing': success('Tell others the user is (or stopped) editing a message.'),
  'POST /api/v1/submessage': success('Attach widget data (a submessage) to a message.'),
  'GET /api/v1/messages/{message_id}/read_receipts': success('Users who have read a message.', { user_ids: arr(int) }),
  'GET /api/v1/drafts': success('The user\'s drafts.', { count: int, drafts: arr(ref('Draft')) }),
  'POST /api/v1/drafts': { ...success('Create drafts.', { ids: arr(int) }), form: { drafts: draftParam('A list of drafts: `type`, `to`, `topic`, `content`, `timestamp`.') } },
  'PATCH /api/v1/drafts/{draft_id}': { ...success('Replace a draft.'), form: { draft: draftParam('The draft: `type`, `to`, `topic`, `content`, `timestamp`.') } },
  'DELETE /api/v1/drafts/{draft_id}': success('Delete a draft.'),
};
