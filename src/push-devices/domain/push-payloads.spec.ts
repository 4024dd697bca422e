import { mentionedGroupsByUser, messagePayloads, mobilePushContent, removePayloads, renderedMentions, truncateContent } from './push-payloads';

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

  it('names the group a user was mentioned through in both payloads and the subtitle', () => {
    const channel = { ...message, channel: { name: 'general', id: 5, topic: 'lunch' }, participants: [] };
    const payloads = messagePayloads(account, channel, 'mentioned', false, { id: 12, name: 'backend' });
    expect(payloads.gcm_payload).toMatchObject({ mentioned_user_group_id: 12, mentioned_user_group_name: 'backend' });
    expect(payloads.apns_payload).toMatchObject({
      alert: { subtitle: 'Ann mentioned @backend:' },
      custom: { zulip: { mentioned_user_group_id: 12, mentioned_user_group_name: 'backend' } },
    });
    // Another trigger keeps its subtitle, the group still named.
    const followed = messagePayloads(account, channel, 'stream_push_notify', false, { id: 12, name: 'backend' });
    expect(followed.apns_payload).toMatchObject({ alert: { subtitle: 'Ann:' } });
    expect(followed.gcm_payload).toMatchObject({ mentioned_user_group_id: 12 });
    const personal = messagePayloads(account, channel, 'mentioned', false);
    expect(personal.gcm_payload).not.toHaveProperty('mentioned_user_group_id');
    expect(personal.gcm_payload).not.toHaveProperty('mentioned_user_group_name');
    expect(personal.apns_payload).toMatchObject({ alert: { subtitle: 'Ann mentioned you:' } });
  });

  it('reads the mentions that notify from the rendered message, silent ones left out', () => {
    const html =
      '<p><span class="user-group-mention" data-user-group-id="12">@backend</span> ' +
      '<span class="user-group-mention silent" data-user-group-id="13">frontend</span> ' +
      '<span class="user-mention" data-user-id="7">@Bo</span> <span class="user-mention silent" data-user-id="9">Cy</span> ' +
      '<span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span> ' +
      '<span class="user-group-mention" data-user-group-id="14">@ops</span> <span class="user-group-mention" data-user-group-id="12">@backend</span> ' +
      '&lt;span class="user-mention" data-user-id="3"&gt;</p>';
    expect(renderedMentions(html)).toEqual({ userIds: new Set([7]), groupIds: [12, 14] });
  });

  it('picks for each member the smallest mentioned group, never for one mentioned by name', () => {
    const members = new Map([
      [12, new Set([1, 2, 3, 4])],
      [14, new Set([2, 3])],
      [15, new Set([3, 5])],
    ]);
    const chosen = mentionedGroupsByUser({ userIds: new Set([4]), groupIds: [12, 14, 15] }, members);
    // 3 is in 14 and 15, both of two members: the first mentioned stays.
    expect([...chosen].sort(([a], [b]) => a - b)).toEqual([[1, 12], [2, 14], [3, 14], [5, 15]]);
  });
});
