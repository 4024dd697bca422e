import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MalformedWebhookPayload } from '../../integration';
import { jsonIntegration } from './json.integration';

/**
 * Zulip 10.2's zerver/webhooks/json/tests.py: each fixture posted in the topic "JSON" as
 * "```json\n{json.dumps(fixture, indent=2)}\n```". The `.expected.md` files beside the
 * fixtures are that expression's output, written by Python's own `json.dumps`.
 */
const FIXTURES = join(__dirname, 'fixtures');
const fixture = (name: string) => readFileSync(join(FIXTURES, `${name}.json`), 'utf8');
const expected = (name: string) => readFileSync(join(FIXTURES, `${name}.expected.md`), 'utf8');

function post(rawBody: string) {
  return jsonIntegration.handle({ body: JSON.parse(rawBody) as unknown, rawBody, headers: { 'content-type': 'application/json' }, params: {} });
}

describe('the JSON formatter (Zulip\'s json webhook)', () => {
  it.each(['json_pingdom_http_up_to_down', 'json_sentry_event_for_exception_js'])('%s', (name) => {
    expect(post(fixture(name))).toEqual({ kind: 'messages', eventType: null, messages: [{ topic: 'JSON', content: expected(name) }] });
  });

  it('prints what Python prints: key order, repeated keys, exact integers, float spellings, ASCII escapes', () => {
    // The input and the expected text are Python 3's json.loads then json.dumps(indent=2).
    const input = '{"b": 1, "10": [1.0, 1e16, 1.5e-7, 0.0001, -0.0, 12345678901234567890, 2.5E3], "b": "ünï\\u0000\\ud83d\\ude00\\u007f\\t/", "a": {}, "z": [], "t": [true, false, null]}';
    const dumped = '{\n  "b": "\\u00fcn\\u00ef\\u0000\\ud83d\\ude00\\u007f\\t/",\n  "10": [\n    1.0,\n    1e+16,\n    1.5e-07,\n    0.0001,\n    -0.0,\n    12345678901234567890,\n    2500.0\n  ],\n  "a": {},\n  "z": [],\n  "t": [\n    true,\n    false,\n    null\n  ]\n}';
    const outcome = post(input);
    expect(outcome).toEqual({ kind: 'messages', eventType: null, messages: [{ topic: 'JSON', content: '```json\n' + dumped + '\n```' }] });
  });

  it('reads a decoded body when no text is given', () => {
    const outcome = jsonIntegration.handle({ body: { a: [1, 2.5, 'x'] }, headers: {}, params: {} });
    expect(outcome).toEqual({ kind: 'messages', eventType: null, messages: [{ topic: 'JSON', content: '```json\n{\n  "a": [\n    1,\n    2.5,\n    "x"\n  ]\n}\n```' }] });
  });

  it('refuses what is not a JSON object', () => {
    for (const raw of ['[1, 2]', '"text"', '3', 'null']) {
      expect(() => post(raw)).toThrow(new MalformedWebhookPayload('payload is not a dict'));
    }
    for (const raw of ['{', '{"a": }', '{"a": 1} x', '', '{"a": "\u0001"}']) {
      expect(() => jsonIntegration.handle({ body: undefined, rawBody: raw, headers: {}, params: {} })).toThrow(new MalformedWebhookPayload('Malformed JSON'));
    }
  });
});
