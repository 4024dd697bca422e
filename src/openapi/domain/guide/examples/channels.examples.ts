import type { OperationExamples } from '../example';
import { CORDELIA, DESIGN, IAGO, ok, sampleChannel, sampleSubscription } from './samples';

/** Channels, subscriptions and topics. */
export const CHANNEL_EXAMPLES: OperationExamples = {
  'GET /api/v1/users/me/subscriptions': {
    request: { include_subscribers: true },
    response: { ...ok, subscriptions: [{ ...sampleSubscription, subscribers: [IAGO, CORDELIA] }] },
  },
  'POST /api/v1/users/me/subscriptions': {
    request: {
      subscriptions: [{ name: 'design', description: 'Logos, mock-ups and the style guide.' }, { name: 'marketing' }],
      principals: [CORDELIA],
      announce: true,
    },
    response: {
      ...ok,
      subscribed: { [String(CORDELIA)]: ['marketing'] },
      already_subscribed: { [String(CORDELIA)]: ['design'] },
    },
  },
  'DELETE /api/v1/users/me/subscriptions': {
    request: { subscriptions: ['marketing'] },
    response: { ...ok, removed: ['marketing'], not_removed: [] },
  },
  'POST /api/v1/users/me/subscriptions/properties': {
    request: {
      subscription_data: [
        { stream_id: DESIGN, property: 'color', value: '#f5ce6e' },
        { stream_id: DESIGN, property: 'pin_to_top', value: true },
      ],
    },
    response: ok,
  },
  'PATCH /api/v1/users/me/subscriptions/{stream_id}': {
    request: { stream_id: DESIGN, property: 'is_muted', value: 'true' },
    response: ok,
  },
  'GET /api/v1/streams': {
    request: { include_public: true, include_subscribed: true, exclude_archived: true },
    response: { ...ok, streams: [sampleChannel] },
  },
  'GET /api/v1/streams/{stream_id}': {
    request: { stream_id: DESIGN },
    response: { ...ok, stream: sampleChannel },
  },
  'PATCH /api/v1/streams/{stream_id}': {
    request: { stream_id: DESIGN, description: 'Logos, mock-ups, icons and the style guide.', can_send_message_group: 5 },
    response: ok,
  },
  'GET /api/v1/get_stream_id': {
    request: { stream: 'design' },
    response: { ...ok, stream_id: DESIGN },
  },
  'GET /api/v1/streams/{stream_id}/members': {
    request: { stream_id: DESIGN },
    response: { ...ok, subscribers: [IAGO, CORDELIA] },
  },
  'GET /api/v1/users/me/{stream_id}/topics': {
    request: { stream_id: DESIGN },
    response: { ...ok, topics: [{ name: 'logo', max_id: 4712 }, { name: 'style guide', max_id: 4650 }] },
  },
  'POST /api/v1/user_topics': {
    request: { stream_id: DESIGN, topic: 'style guide', visibility_policy: 3 },
    response: ok,
  },
};
