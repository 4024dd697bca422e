import { crashesOnDamage, expectMalformed, fixturePayload, webhookCall } from '../../../../../test/support/webhook-payloads';
import { alertmanagerIntegration } from '.';

const fixture = (name: string): unknown => fixturePayload(__dirname, name);
const handle = (body: unknown, params: Record<string, string> = {}) => alertmanagerIntegration.handle(webhookCall(body, params));

const GRAPH =
  'http://cobalt:9090/graph?g0.expr=avg+by%28host%29+%28sensors_temp_input%7Bfeature%3D~%22core_%5B0-9%5D%2B%22%7D%29+%3E+15&g0.tab=0';

/** Zulip 10.2's zerver/webhooks/alertmanager/tests.py posts with these parameters. */
const ZULIP_PARAMS = { name: 'topic', desc: 'description' };

function alert(status: string, labels: Record<string, string>, annotations: Record<string, string> = {}): Record<string, unknown> {
  return { status, labels, annotations, startsAt: '2024-05-01T10:00:00Z', endsAt: '0001-01-01T00:00:00Z', generatorURL: 'http://prom/graph?g0.tab=1' };
}

const messages = (...pairs: [string, string][]) => ({
  kind: 'messages',
  eventType: null,
  messages: pairs.map(([topic, content]) => ({ topic, content })),
});

// Payloads Zulip's view refuses, and the error it names.
const MALFORMED: readonly (readonly [string, unknown, string])[] = [
  ['a body that is not an object', 'alerts', 'payload is not a dict'],
  ['a notification without alerts', { status: 'firing' }, "payload['alerts'] is missing"],
  ['an alert of another status', { alerts: [alert('pending', {})] }, "Invalid payload['alerts'][0]['status']"],
  ['an alert without a source', { alerts: [{ status: 'firing', labels: {} }] }, "payload['alerts'][0]['generatorURL'] is missing"],
  ['labels that are not a dict', { alerts: [{ ...alert('firing', {}), labels: ['instance'] }] }, "payload['alerts'][0]['labels'] is not a dict"],
  ['a name that is not a string', { alerts: [{ ...alert('firing', {}), labels: { instance: 7 } }] }, "payload['alerts'][0]['labels']['instance'] is not a string"],
];

describe('Prometheus Alertmanager', () => {
  it("posts Zulip's message for alert (test_error_issue_message): both firing alerts of a topic in a list", () => {
    expect(handle(fixture('alert'), ZULIP_PARAMS)).toEqual(
      messages([
        'andromeda',
        `:alert: **FIRING**\n* CPU core temperature is 34.75C ([source](${GRAPH}))\n* CPU core temperature is 17.625C ([source](${GRAPH}))`,
      ]),
    );
  });

  it("posts Zulip's message for single_alert (test_single_error_issue_message): one resolved alert inline", () => {
    expect(handle(fixture('single_alert'), ZULIP_PARAMS)).toEqual(
      messages(['andromeda', `:squared_ok: **Resolved** CPU core temperature is 34.75C ([source](${GRAPH}))`]),
    );
  });

  it('names topics by instance and describes alerts by alertname when the URL says nothing', () => {
    expect(handle(fixture('single_alert'))).toEqual(
      messages(['(unknown)', `:squared_ok: **Resolved** High CPU Temperature ([source](${GRAPH}))`]),
    );
  });

  it('takes a field from the labels before the annotations', () => {
    const body = { alerts: [alert('firing', { host: 'db1', summary: 'from labels' }, { host: 'other', summary: 'from annotations' })] };
    expect(handle(body, { name: 'host', desc: 'summary' })).toEqual(
      messages(['db1', ':alert: **FIRING** from labels ([source](http://prom/graph?g0.tab=0))']),
    );
  });

  it('says which description field is missing, and files alerts without a name under (unknown)', () => {
    const body = { alerts: [{ status: 'firing', generatorURL: 'http://prom/graph' }] };
    expect(handle(body, { desc: 'summary' })).toEqual(
      messages(['(unknown)', ':alert: **FIRING** <missing field: summary> ([source](http://prom/graph))']),
    );
  });

  it('posts a topic firing alerts before its resolved ones, topics in the order they first came', () => {
    const body = {
      alerts: [
        alert('resolved', { instance: 'web1', alertname: 'Up' }),
        alert('firing', { instance: 'web2', alertname: 'Load' }),
        alert('firing', { instance: 'web1', alertname: 'Disk' }),
        alert('resolved', { instance: 'web1', alertname: 'Memory' }),
      ],
    };
    const source = '([source](http://prom/graph?g0.tab=0))';
    expect(handle(body)).toEqual(
      messages(
        ['web1', `:alert: **FIRING** Disk ${source}`],
        ['web1', `:squared_ok: **Resolved**\n* Up ${source}\n* Memory ${source}`],
        ['web2', `:alert: **FIRING** Load ${source}`],
      ),
    );
  });

  it('points every console tab of the source link at the graph', () => {
    const body = { alerts: [{ ...alert('firing', { alertname: 'A' }), generatorURL: 'http://p/g?g0.tab=1&g1.tab=1' }] };
    expect(handle(body)).toEqual(messages(['(unknown)', ':alert: **FIRING** A ([source](http://p/g?g0.tab=0&g1.tab=0))']));
  });

  it('posts nothing for a notification without alerts, and has no event types', () => {
    expect(handle({ alerts: [] })).toEqual({ kind: 'ignored' });
    expect(alertmanagerIntegration.allEventTypes).toBeNull();
  });

  it.each(MALFORMED)('refuses %s as malformed', (_case, body, message) => {
    expectMalformed(() => handle(body), message);
  });

  it.each(['alert', 'single_alert'])('refuses every damaged copy of %s as malformed, never failing otherwise', (name) => {
    expect(crashesOnDamage(alertmanagerIntegration, fixture(name), ZULIP_PARAMS)).toEqual([]);
  });
});
