import { MalformedWebhookPayload } from '../../integration';
import { expectMalformed } from '../../../../../test/support/webhook-payloads';
import { WildValue } from './wild-value';

const payload = WildValue.payload({ alerts: [{ status: 'firing', count: 3, empty: {}, "it's": null }] });
const alert = payload.at('alerts').item(0);

describe('WildValue', () => {
  it('names a value by its path from the payload, as Zulip does', () => {
    expect(alert.at('status').path).toBe("payload['alerts'][0]['status']");
    expect(alert.get("it's").path).toBe('payload[\'alerts\'][0]["it\'s"]');
  });

  it.each([
    ['a missing key', () => alert.at('labels'), "payload['alerts'][0]['labels'] is missing"],
    ['a key of a list', () => payload.at('alerts').at('status'), "payload['alerts'] is not a dict"],
    ['a missing item', () => payload.at('alerts').item(1), "payload['alerts'][1] is missing"],
    ['an iteration of a dict', () => alert.list(), "payload['alerts'][0] is not a list"],
    ['a number as a string', () => alert.at('count').string(), "payload['alerts'][0]['count'] is not a string"],
    ['a string as an integer', () => alert.at('status').intText(), "payload['alerts'][0]['status'] is not an integer"],
    ['a string out of its choices', () => alert.at('status').stringIn(['resolved']), "Invalid payload['alerts'][0]['status']"],
    ['a string as a boolean', () => alert.at('status').bool(), "payload['alerts'][0]['status'] is not a boolean"],
    ['a fraction as an integer', () => WildValue.request({ n: 1.5 }).at('n').int(), "request['n'] is not an integer"],
    ['the keys of a list', () => payload.at('alerts').keys(), "payload['alerts'] is not a dict"],
  ])('refuses %s as malformed', (_case, read, message) => {
    expectMalformed(read, message);
  });

  it("keeps Python's truthiness and get's default for absent keys only", () => {
    expect([alert.at('empty').truthy, alert.at('count').truthy, alert.get("it's", 'default').isNull]).toEqual([false, true, true]);
    expect(alert.get('missing', 'default').string()).toBe('default');
    expect(alert.get('status').noneOrString()).toBe('firing');
  });

  it('does not take inherited properties for keys', () => {
    expect(alert.has('constructor')).toBe(false);
    expect(() => alert.at('toString')).toThrow(MalformedWebhookPayload);
  });

  it('reads the typed values and keys the git forges read, under the root name given', () => {
    const request = WildValue.request({ number: 7, merged: false, changes: { title: {}, body: {} } });
    expect([request.at('number').int(), request.at('merged').bool(), request.at('changes').keys()]).toEqual([7, false, ['title', 'body']]);
    expect(request.at('changes').at('title').path).toBe("request['changes']['title']");
    expect([request.isDict, request.at('number').isDict]).toEqual([true, false]);
  });

  it('adds derived keys to a dict without renaming it', () => {
    const event = alert.withFields({ web_url: 'https://example.com/e/1/' });
    expect([event.path, event.at('web_url').string(), event.at('status').string()]).toEqual([alert.path, 'https://example.com/e/1/', 'firing']);
    expect(() => payload.at('alerts').withFields({})).toThrow(MalformedWebhookPayload);
  });
});
