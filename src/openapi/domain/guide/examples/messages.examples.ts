import type { OperationExamples } from '../example';
import { CORDELIA, DESIGN, IAGO, ok, sampleMessage } from './samples';

const logoNarrow = [
  { operator: 'channel', operand: 'design' },
  { operator: 'topic', operand: 'logo' },
];

/** Sending, fetching, editing, reactions, flags and typing. */
export const MESSAGE_EXAMPLES: OperationExamples = {
  'POST /api/v1/messages': {
    request: { type: 'stream', to: 'design', topic: 'logo', content: 'Looks great, ship it! :tada:' },
    response: { ...ok, id: 4712 },
  },
  'GET /api/v1/messages': {
    // The range counts travel as text: the handler reads them as strings to word its own errors.
    request: { anchor: 'newest', num_before: '20', num_after: '0', narrow: logoNarrow, apply_markdown: true },
    response: {
      ...ok,
      found_anchor: false,
      found_oldest: true,
      found_newest: true,
      history_limited: false,
      messages: [sampleMessage],
    },
  },
  'GET /api/v1/messages/{message_id}': {
    request: { message_id: '4711' },
    response: {
      ...ok,
      raw_content: 'The new logo is ready for review: [logo.png](/user_uploads/2/4e/kJx2/logo.png)',
      message: sampleMessage,
    },
  },
  'PATCH /api/v1/messages/{message_id}': {
    request: { message_id: 4711, topic: 'logo v2', propagate_mode: 'change_all', send_notification_to_old_thread: false },
    response: { ...ok, detached_uploads: [] },
  },
  'DELETE /api/v1/messages/{message_id}': { request: { message_id: 4711 }, response: ok },
  'POST /api/v1/messages/{message_id}/reactions': {
    request: { message_id: 4711, emoji_name: 'thumbs_up' },
    response: ok,
  },
  'DELETE /api/v1/messages/{message_id}/reactions': {
    request: { message_id: 4711, emoji_name: 'thumbs_up', emoji_code: '1f44d', reaction_type: 'unicode_emoji' },
    response: ok,
  },
  'POST /api/v1/messages/flags': {
    request: { messages: [4711, 4712], op: 'add', flag: 'starred' },
    response: { ...ok, messages: [4711, 4712] },
  },
  'POST /api/v1/messages/flags/narrow': {
    request: { anchor: 'oldest', include_anchor: true, num_before: 0, num_after: 1000, narrow: logoNarrow, op: 'add', flag: 'read' },
    response: {
      ...ok,
      processed_count: 2,
      updated_count: 1,
      first_processed_id: 4711,
      last_processed_id: 4712,
      found_oldest: true,
      found_newest: true,
    },
  },
  'POST /api/v1/messages/render': {
    request: { content: '**Bold** and `code`' },
    response: { ...ok, rendered: '<p><strong>Bold</strong> and <code>code</code></p>' },
  },
  'POST /api/v1/mark_topic_as_read': {
    request: { stream_id: DESIGN, topic_name: 'logo' },
    response: ok,
  },
  'POST /api/v1/typing': {
    request: { type: 'direct', op: 'start', to: [CORDELIA] },
    response: ok,
  },
  'POST /api/v1/user_uploads': {
    request: { file: '(the bytes of logo.png, as a multipart part)' },
    response: {
      ...ok,
      uri: '/user_uploads/2/4e/kJx2/logo.png',
      url: '/user_uploads/2/4e/kJx2/logo.png',
      filename: 'logo.png',
    },
  },
  'POST /api/v1/scheduled_messages': {
    request: {
      type: 'direct',
      // The recipients as the JSON text the handler parses.
      to: `[${IAGO}]`,
      content: 'Reminder: the logo review is at 3 pm.',
      scheduled_delivery_timestamp: 1764925200,
    },
    response: { ...ok, scheduled_message_id: 17 },
  },
  'POST /api/v1/drafts': {
    request: { drafts: [{ type: 'stream', to: [DESIGN], topic: 'logo', content: 'Half-written thought about the', timestamp: 1764413000 }] },
    response: { ...ok, ids: [3] },
  },
  'POST /api/v1/mark_all_as_read': { request: {}, response: { ...ok, complete: true } },
  'GET /api/v1/scheduled_messages': {
    request: {},
    response: {
      ...ok,
      scheduled_messages: [
        {
          scheduled_message_id: 17,
          to: [IAGO],
          type: 'private',
          content: 'Reminder: the logo review is at 3 pm.',
          rendered_content: '<p>Reminder: the logo review is at 3 pm.</p>',
          scheduled_delivery_timestamp: 1764925200,
          failed: false,
        },
      ],
    },
  },
  'GET /api/v1/drafts': {
    request: {},
    response: {
      ...ok,
      count: 1,
      drafts: [{ id: 3, type: 'stream', to: [DESIGN], topic: 'logo', content: 'Half-written thought about the', timestamp: 1764413000 }],
    },
  },
};
