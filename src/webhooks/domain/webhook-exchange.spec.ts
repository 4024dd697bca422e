import { encodeHashComponent } from '../../shared/narrow-url';
import {
  interpretAnswer,
  InvalidWebhookAnswer,
  nearMessageUrl,
  ownerNotice,
  SLACK_INTERFACE,
  UnsupportedWebhookMessage,
  WebhookMessage,
  webhookRequest,
} from './webhook-exchange';

const bot = { id: 10, email: 'echo-bot@acme.example', fullName: 'Echo', token: 'tok', interface: 1 };
const channelMessage: WebhookMessage = {
  id: 42, type: 'stream', content: '@**Echo** hi', stream_id: 7, display_recipient: 'dev team', subject: 'v1.2 plans',
  sender_email: 'alice@Acme.example', sender_realm_str: 'acme', timestamp: 1700000000, sender_id: 3, sender_full_name: 'Alice',
};
const directMessage: WebhookMessage = {
  id: 43, type: 'private', content: 'hello', display_recipient: [{ id: 3 }, { id: 10 }],
};

describe('webhook requests', () => {
  it('posts the generic payload as JSON', () => {
    const request = webhookRequest(bot, 'mention', channelMessage);
    expect(request.contentType).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      data: '@**Echo** hi', message: channelMessage, bot_email: 'echo-bot@acme.example', bot_full_name: 'Echo', token: 'tok', trigger: 'mention',
    });
  });

  it('posts Slack-compatible form data, and refuses direct messages there', () => {
    const request = webhookRequest({ ...bot, interface: SLACK_INTERFACE }, 'mention', channelMessage);
    expect(request.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      token: 'tok', team_id: 'acme', team_domain: 'acme.example', channel_id: '7', channel_name: 'dev team',
      timestamp: '1700000000', user_id: '3', user_name: 'Alice', text: '@**Echo** hi', trigger_word: 'mention', service_id: '10',
    });
    expect(() => webhookRequest({ ...bot, interface: SLACK_INTERFACE }, 'direct_message', directMessage)).toThrow(UnsupportedWebhookMessage);
  });
});

describe('webhook answers', () => {
  it.each([
    ['', null],
    ['""', null],
    ['{"response_not_required": true}', null],
    ['{"content": "hi"}', 'hi'],
    ['{"content": "   "}', null],
    ['{"response_string": "legacy"}', 'legacy'],
    ['{"other": 1}', null],
  ])('generic answer %s replies %s', (body, reply) => {
    expect(interpretAnswer(1, body)).toEqual({ reply });
  });

  it('reads Slack answers from text', () => {
    expect(interpretAnswer(SLACK_INTERFACE, '{"text": "from slack", "content": "ignored"}')).toEqual({ reply: 'from slack' });
  });

  it('refuses answers that are not a JSON object', () => {
    expect(() => interpretAnswer(1, '<html>')).toThrow(new InvalidWebhookAnswer('Invalid JSON in response'));
    expect(() => interpretAnswer(1, '[1, 2]')).toThrow(new InvalidWebhookAnswer('Invalid response format'));
  });
});

describe('owner notices', () => {
  it('encodes narrow links as Zulip does', () => {
    expect(encodeHashComponent('v1.2 plans/now')).toBe('v1.2E2.20plans.2Fnow');
    expect(nearMessageUrl('http://acme.chat', channelMessage)).toBe('http://acme.chat/#narrow/channel/7-dev-team/topic/v1.2E2.20plans/near/42');
    expect(nearMessageUrl('http://acme.chat', directMessage)).toBe('http://acme.chat/#narrow/dm/3,10-dm/near/43');
  });

  it('says why the delivery failed, with the answer when there is one', () => {
    expect(ownerNotice('URL', 'Echo', { kind: 'status', status: 404, responseBody: 'nope' })).toBe(
      '[A message](URL) to your bot @_**Echo** triggered an outgoing webhook.\nThe webhook got a response with status code *404*.' +
        '\nThe response contains the following payload:\n```\nnope\n```',
    );
    expect(ownerNotice('URL', 'Echo', { kind: 'refused-address' })).toBe(
      '[A message](URL) to your bot @_**Echo** triggered an outgoing webhook.\nThe URL configured for the webhook is for a private or disallowed network.',
    );
  });
});
