import { crashesOnDamage, expectMalformed, fixturePayload, webhookCall } from '../../../../../test/support/webhook-payloads';
import { grafanaIntegration } from '.';

const fixture = (name: string): unknown => fixturePayload(__dirname, name);
const handle = (body: unknown) => grafanaIntegration.handle(webhookCall(body));

// The cases of Zulip 10.2's zerver/webhooks/grafana/tests.py: fixture, then the messages
// Zulip posted (topic, content), in order.
const ZULIP_CASES: readonly [string, string, readonly (readonly [string, string])[]][] = [
  [
    'alert_v7',
    'alerting',
    [
      [
        '[Alerting] Test notification',
        ':alert: **ALERTING**\n\n[Test rule](http://localhost:3000/)\n\nSomeone is testing the alert notification within grafana.\n\n**High value:** 100\n**Higher Value:** 200\n\n[Click to view visualization](https://grafana.com/assets/img/blog/mixed_styles.png)',
      ],
    ],
  ],
  [
    'no_data_alert_v7',
    'alerting',
    [
      [
        '[Alerting] No Data alert',
        ':alert: **ALERTING**\n\n[No Data alert](http://localhost:3000/d/GG2qhR3Wz/alerttest?fullscreen&edit&tab=alert&panelId=6&orgId=1)\n\nThe panel has no data.',
      ],
    ],
  ],
  [
    'no_message_alert_v7',
    'alerting',
    [
      [
        '[Alerting] No Message alert',
        ':alert: **ALERTING**\n\n[No Message alert](http://localhost:3000/d/GG2qhR3Wz/alerttest?fullscreen&edit&tab=alert&panelId=8&orgId=1)\n\n**A-series:** 21.573108436586445',
      ],
    ],
  ],
  [
    'alert_ok_v7',
    'ok',
    [
      [
        '[Ok] Test notification',
        ':squared_ok: **OK**\n\n[Test rule](http://localhost:3000/)\n\nSomeone is testing the alert notification within grafana.\n\n**High value:** 0\n\n[Click to view visualization](https://grafana.com/assets/img/blog/mixed_styles.png)',
      ],
    ],
  ],
  [
    'alert_paused_v7',
    'paused',
    [
      [
        '[Paused] Test notification',
        ':info: **PAUSED**\n\n[Test rule](http://localhost:3000/)\n\nSomeone is testing the alert notification within grafana.\n\n\n[Click to view visualization](https://grafana.com/assets/img/blog/mixed_styles.png)',
      ],
    ],
  ],
  [
    'alert_pending_v7',
    'pending',
    [
      [
        '[Pending] Test notification',
        ':info: **PENDING**\n\n[Test rule](http://localhost:3000/)\n\nSomeone is testing the alert notification within grafana.\n\n**High value:** 100\n**Higher Value:** 200\n\n[Click to view visualization](https://grafana.com/assets/img/blog/mixed_styles.png)',
      ],
    ],
  ],
  [
    'alert_v8',
    'resolved',
    [
      [
        '[TestAlert]',
        ":checkbox: **RESOLVED**\n\n**TestAlert**\n\nThis alert was fired at <time:2022-08-31T05:54:04.52289368Z>.\n\nThis alert was resolved at <time:2022-08-31T10:30:00.52288431Z>.\n\nLabels:\n- alertname: TestAlert\n- instance: Grafana\n\nValues:\n[ metric='foo' labels={instance=bar} value=10 ]\n\nAnnotations:\n- summary: Notification test\n\n[Silence](https://zuliptestingwh2.grafana.net/alerting/silence/new?alertmanager=grafana&matcher=alertname%3DTestAlert&matcher=instance%3DGrafana)",
      ],
    ],
  ],
  [
    'alert_multiple_v8',
    'firing',
    [
      [
        '[High memory usage]',
        ":alert: **FIRING**\n\n**High memory usage**\n\nThis alert was fired at <time:2021-10-12T09:51:03.157076+02:00>.\n\nLabels:\n- alertname: High memory usage\n- team: blue\n- zone: us-1\n\nValues:\n[ metric='' labels={} value=14151.331895396988 ]\n\nAnnotations:\n- description: The system has high memory usage\n- runbook_url: https://myrunbook.com/runbook/1234\n- summary: This alert was triggered for zone us-1\n\n[Generator](https://play.grafana.org/alerting/1afz29v7z/edit)\n[Silence](https://play.grafana.org/alerting/silence/new?alertmanager=grafana&matchers=alertname%3DT2%2Cteam%3Dblue%2Czone%3Dus-1)",
      ],
      [
        '[High CPU usage]',
        ":alert: **FIRING**\n\n**High CPU usage**\n\nThis alert was fired at <time:2021-10-12T09:56:03.157076+02:00>.\n\nLabels:\n- alertname: High CPU usage\n- team: blue\n- zone: eu-1\n\nValues:\n[ metric='' labels={} value=47043.702386305304 ]\n\nAnnotations:\n- description: The system has high CPU usage\n- runbook_url: https://myrunbook.com/runbook/1234\n- summary: This alert was triggered for zone eu-1\n\n[Generator](https://play.grafana.org/alerting/d1rdpdv7k/edit)\n[Silence](https://play.grafana.org/alerting/silence/new?alertmanager=grafana&matchers=alertname%3DT1%2Cteam%3Dblue%2Czone%3Deu-1)",
      ],
    ],
  ],
  [
    'alert_values_v11',
    'firing',
    [
      [
        '[Memory (copy)]',
        ':alert: **FIRING**\n\n**Memory (copy)**\n\nThis alert was fired at <time:2024-03-01T02:09:00Z>.\n\nLabels:\n- alertname: Memory (copy)\n- debug: true\n- grafana_folder: device\n\nValues:\n- A: 2473545728\n- B: 0\n- C: 1\n- minute: 9\n\nAnnotations:\n- summary: High memory usage\n\n[Generator](https://play.grafana.org/alerting/grafana/dd2f0260-3cfc-4c65-a4c4-f3f632c551f4/view?orgId=1)\n[Silence](https://play.grafana.org/alerting/silence/new?alertmanager=grafana&matcher=alertname%3DMemory+%28copy%29&matcher=debug%3Dtrue&matcher=grafana_folder%3Ddevice&orgId=1)\n[Image](https://grafana.com/assets/img/blog/mixed_styles.png)',
      ],
    ],
  ],
  [
    'alert_no_alertname_v11',
    'firing',
    [
      [
        '[e6349a25f5ef0e9e]',
        ':alert: **FIRING**\n\nThis alert was fired at <time:2024-03-01T02:09:00Z>.\n\nLabels:\n- debug: true\n- grafana_folder: device\n\nValues:\n- A: 2473545728\n- B: 0\n- C: 1\n- minute: 9\n\nAnnotations:\n- summary: High memory usage\n\n[Generator](https://play.grafana.org/alerting/grafana/dd2f0260-3cfc-4c65-a4c4-f3f632c551f4/view?orgId=1)\n[Silence](https://play.grafana.org/alerting/silence/new?alertmanager=grafana&matcher=alertname%3DMemory+%28copy%29&matcher=debug%3Dtrue&matcher=grafana_folder%3Ddevice&orgId=1)\n[Image](https://grafana.com/assets/img/blog/mixed_styles.png)',
      ],
    ],
  ],
];

/** A unified-alerting alert with every field Grafana sends, for the cases below to vary. */
function alert(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    status: 'firing',
    labels: { alertname: 'Disk full' },
    annotations: {},
    startsAt: '2024-05-01T10:00:00Z',
    endsAt: '0001-01-01T00:00:00Z',
    generatorURL: '',
    fingerprint: 'a1b2c3d4e5f60718',
    silenceURL: '',
    ...fields,
  };
}

// Payloads Zulip's view refuses, and the error it names.
const MALFORMED: readonly (readonly [string, unknown, string])[] = [
  ['a body that is not an object', ['alerts'], 'payload is not a dict'],
  ['an alert of another status', { alerts: [alert({ status: 'pending' })] }, "Invalid payload['alerts'][0]['status']"],
  ['an alert without annotations', { alerts: [alert({ annotations: undefined })] }, "payload['alerts'][0]['annotations'] is missing"],
  ['a label that is not a string', { alerts: [alert({ labels: { alertname: 'x', severity: 3 } })] }, "payload['alerts'][0]['labels']['severity'] is not a string"],
  ['a legacy notification without a title', { ruleName: 'r', ruleUrl: 'u', state: 'ok' }, "payload['title'] is missing"],
  ['a legacy notification of an unknown state', { title: 't', ruleName: 'r', ruleUrl: 'u', state: 'exploded' }, "Invalid payload['state']"],
  ['legacy matches that are null', { title: 't', evalMatches: null, ruleName: 'r', ruleUrl: 'u', state: 'ok' }, "payload['evalMatches'] is not a list"],
  ['a legacy match value that is not a number', { title: 't', evalMatches: [{ metric: 'm', value: '1' }], ruleName: 'r', ruleUrl: 'u', state: 'ok' }, "payload['evalMatches'][0]['value'] is not an allowed_type"],
];

describe('Grafana', () => {
  it.each(ZULIP_CASES)("posts Zulip's messages for %s", (name, eventType, messages) => {
    expect(handle(fixture(name))).toEqual({
      kind: 'messages',
      eventType,
      messages: messages.map(([topic, content]) => ({ topic, content })),
    });
  });

  it('names the legacy states and the unified statuses as its event types', () => {
    expect(grafanaIntegration.allEventTypes).toEqual(['ok', 'pending', 'alerting', 'paused', 'firing', 'resolved']);
  });

  it('spells evaluated values as Python prints them', () => {
    const outcome = handle({ alerts: [alert({ labels: {}, values: { tiny: 0.00001, huge: 1e16, mean: 12.5, flag: true, none: null } })] });
    expect(outcome).toEqual({
      kind: 'messages',
      eventType: 'firing',
      messages: [
        {
          topic: '[a1b2c3d4e5f60718]',
          content:
            ':alert: **FIRING**\n\nThis alert was fired at <time:2024-05-01T10:00:00Z>.Values:\n- tiny: 1e-05\n- huge: 10000000000000000\n- mean: 12.5\n- flag: True\n- none: None',
        },
      ],
    });
  });

  it('sends firing and resolved alerts of one notification with no single event type', () => {
    const outcome = handle({ alerts: [alert(), alert({ status: 'resolved', endsAt: '2024-05-01T11:00:00Z' })] });
    expect(outcome).toMatchObject({ kind: 'messages', eventType: null });
    expect(outcome.kind === 'messages' && outcome.messages.map((message) => message.content.split('\n')[0])).toEqual([
      ':alert: **FIRING**',
      ':checkbox: **RESOLVED**',
    ]);
  });

  it('posts nothing for a notification without alerts', () => {
    expect(handle({ alerts: [] })).toEqual({ kind: 'ignored' });
  });

  it.each(MALFORMED)('refuses %s as malformed', (_case, body, message) => {
    expectMalformed(() => handle(JSON.parse(JSON.stringify(body)) as unknown), message);
  });

  it.each(ZULIP_CASES.map(([name]) => name))('refuses every damaged copy of %s as malformed, never failing otherwise', (name) => {
    expect(crashesOnDamage(grafanaIntegration, fixture(name))).toEqual([]);
  });
});
