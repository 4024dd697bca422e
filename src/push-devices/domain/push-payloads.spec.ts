import { messagePayloads, mobilePushContent, removePayloads, truncateContent } from './push-payloads';

const account = { server: 'chat.example.com', realmId: 2, realmUrl: 'https://team.chat.example.com', realmName: 'Team', userId: 7 };
const message = {
  id: 40,
  senderId: 3,
  senderEmail: 'ann@example.com',
  senderFullName: 'Ann',
  senderAvatarUrl: 'https://secure.gravatar.com/avatar/x',
  timestamp: 1700000000,
  renderedContent: '<p>Hi <span class="user-mention" data-user-id="7">@Bo</span> &amp; all</p>\n<p>second</p>',
  channel: null,
  participants: [{ id: 3, fullName: 'Ann' }, { id: 7, fullName: 'Bo' }, { id: 9, fullName: 'Cy' }],
};

describe('push payloads (Zulip get_message_payload_gcm / _apns, get_remove_payload_*)', () => {
  it('makes plain text of the rendered content, or says "New message" when redacted', () => {
    expect(mobilePushContent(message.renderedContent, false)).toBe('Hi @Bo & all\nsecond');
    expect(mobilePushContent(message.renderedContent, true)).toBe('New message');
  });

  it('cuts the text at 200 characters with an ellipsis', () => {
    expect(truncateContent('x'.repeat(200))).toEqual({ content: 'x'.repeat(200), truncated: false });
    expect(truncateContent('x'.repeat(201))).toEqual({ content: `${'x'.repeat(200)}…`, truncated: true });
  });

  it('names a group conversation by its people and a mention in the subtitle', () => {
    const payloads = messagePayloads(account, message, 'mentioned', false);
    expect(payloads.gcm_payload).toMatchObject({ recipient_type: 'private', pm_users: '3,7,9', event: 'message', zulip_message_id: 40, content: 'Hi @Bo & all\nsecond' });
    expect(payloads.apns_payload).toMatchObject({ alert: { title: 'Ann, Bo, Cy', subtitle: 'Ann mentioned you:' }, custom: { zulip: { message_ids: [40], pm_users: '3,7,9' } } });
    const channel = messagePayloads(account, { ...message, channel: { name: 'general', id: 5, topic: 'lunch' }, participants: [] }, 'stream_push_notify', false);
    expect(channel.gcm_payload).toMatchObject({ recipient_type: 'stream', stream: 'general', stream_id: 5, topic: 'lunch' });
    expect(channel.apns_payload).toMatchObject({ alert: { title: '#general > lunch', subtitle: 'Ann:' } });
  });

  it('removes the newest 200 messages at most', () => {
    const ids = Array.from({ length: 250 }, (_, index) => 250 - index);
    const payloads = removePayloads(account, ids);
    expect(payloads.gcm_payload.zulip_message_id).toBe(51);
    expect(String(payloads.gcm_payload.zulip_message_ids).split(',')).toHaveLength(200);
    expect(payloads.gcm_options).toEqual({ priority: 'normal' });
  });
});
