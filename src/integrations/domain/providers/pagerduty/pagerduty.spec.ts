import { crashesOnDamage, expectMalformed, fixturePayload, webhookCall } from '../../../../../test/support/webhook-payloads';
import { pagerDutyIntegration } from '.';

const fixture = (name: string): unknown => fixturePayload(__dirname, name);
const handle = (body: unknown) => pagerDutyIntegration.handle(webhookCall(body));

const V1_INCIDENT_1 = 'Incident [1](https://zulip-test.pagerduty.com/incidents/PO1XIJ5)';
const V1_INCIDENT_3 = 'Incident [3](https://zulip-test.pagerduty.com/incidents/P140S4Y)';
const ARMOOO = '[armooo](https://zulip-test.pagerduty.com/users/POBCFRJ)';
const TEST_SERVICE = '[Test service](https://zulip-test.pagerduty.com/services/PIL5CUQ)';
const V2_INCIDENT = 'Incident [33](https://webdemo.pagerduty.com/incidents/PRORDTY)';
const LAURA = '[Laura Haley](https://webdemo.pagerduty.com/users/P553OPV)';
const V2_QUOTE = '\n\n``` quote\nMy new incident\n```';
const PIG = '[PIG 208](https://pig208.pagerduty.com/users/PJ0LVEB)';
const PIG_SERVICE = '[pig208](https://pig208.pagerduty.com/services/PA2P440)';

// The cases of Zulip 10.2's zerver/webhooks/pagerduty/tests.py: fixture, the last message's
// topic and content (what the test checks), and the event type it is sent under.
const ZULIP_CASES: readonly [string, string, string, string][] = [
  ['trigger', 'Incident 3', `${V1_INCIDENT_3} triggered by ${TEST_SERVICE} (assigned to ${ARMOOO}).\n\n\`\`\` quote\nfoo\n\`\`\``, 'triggered'],
  ['trigger_v2', 'Incident 33', `${V2_INCIDENT} triggered by [Production XDB Cluster](https://webdemo.pagerduty.com/services/PN49J75) (assigned to ${LAURA}).${V2_QUOTE}`, 'triggered'],
  [
    'triggered_v3',
    'Incident Test Incident 3 (#9)',
    `Incident [Test Incident 3 (#9)](https://pig208.pagerduty.com/incidents/PFQZPSY) triggered by ${PIG_SERVICE} (assigned to ${PIG}).`,
    'triggered',
  ],
  ['trigger_without_assignee_v2', 'Incident 33', `${V2_INCIDENT} triggered by [Production XDB Cluster](https://webdemo.pagerduty.com/services/PN49J75) (assigned to nobody).${V2_QUOTE}`, 'triggered'],
  ['unacknowledge', 'Incident 3', `${V1_INCIDENT_3} unacknowledged by ${TEST_SERVICE} (assigned to ${ARMOOO}).\n\n\`\`\` quote\nfoo\n\`\`\``, 'unacknowledged'],
  [
    'unacknowledged_v3',
    'Incident Test Incident (#10)',
    `Incident [Test Incident (#10)](https://pig208.pagerduty.com/incidents/PQ1K5C8) unacknowledged by ${PIG_SERVICE} (assigned to ${PIG}).`,
    'unacknowledged',
  ],
  ['resolved', 'Incident 1', `${V1_INCIDENT_1} resolved by ${ARMOOO}.\n\n\`\`\` quote\nIt is on fire\n\`\`\``, 'resolved'],
  ['resolve_v2', 'Incident 33', `${V2_INCIDENT} resolved by ${LAURA}.${V2_QUOTE}`, 'resolved'],
  ['resolved_v3', 'Incident Test Incident (#6)', `Incident [Test Incident (#6)](https://pig208.pagerduty.com/incidents/PCPZE64) resolved by ${PIG}.`, 'resolved'],
  ['auto_resolved', 'Incident 2', 'Incident [2](https://zulip-test.pagerduty.com/incidents/PX7K9J2) resolved.\n\n``` quote\nnew\n```', 'resolved'],
  ['acknowledge', 'Incident 1', `${V1_INCIDENT_1} acknowledged by ${ARMOOO}.\n\n\`\`\` quote\nIt is on fire\n\`\`\``, 'acknowledged'],
  ['acknowledge_without_trigger_summary_data', 'Incident 1', `${V1_INCIDENT_1} acknowledged by ${ARMOOO}.\n\n\`\`\` quote\n\n\`\`\``, 'acknowledged'],
  ['acknowledged_v3', 'Incident Test Incident (#10)', `Incident [Test Incident (#10)](https://pig208.pagerduty.com/incidents/PQ1K5C8) acknowledged by ${PIG}.`, 'acknowledged'],
  ['acknowledge_v2', 'Incident 33', `${V2_INCIDENT} acknowledged by ${LAURA}.${V2_QUOTE}`, 'acknowledged'],
  ['assign_v2', 'Incident 33', `${V2_INCIDENT} assigned to [Wiley Jacobson](https://webdemo.pagerduty.com/users/PFBSJ2Z).${V2_QUOTE}`, 'assigned'],
  [
    'reassigned_v3',
    'Incident Test Incident (#3)',
    'Incident [Test Incident (#3)](https://pig208.pagerduty.com/incidents/PIQUG8X) reassigned to [Test User](https://pig208.pagerduty.com/users/PI9DT01).',
    'reassigned',
  ],
  ['mp_fail', 'Incident 48219', 'Incident [48219](https://dropbox.pagerduty.com/incidents/PJKGZF9) resolved.\n\n``` quote\nmp_error_block_down_critical\u2119\u01b4\n```', 'resolved'],
];

/** A v1 batch of one message: the trigger fixture's, with its type and incident changed. */
function v1Message(type: string, incident: Record<string, unknown> = {}): unknown {
  const batch = fixture('trigger') as { messages: [{ data: { incident: Record<string, unknown> } }] };
  const [message] = batch.messages;
  return { messages: [{ ...message, type, data: { incident: { ...message.data.incident, ...incident } } }] };
}

/** The v2 trigger fixture with its incident changed. */
function v2Trigger(incident: Record<string, unknown>): unknown {
  const batch = fixture('trigger_v2') as { messages: [{ incident: Record<string, unknown> }] };
  const [message] = batch.messages;
  return JSON.parse(JSON.stringify({ messages: [{ ...message, incident: { ...message.incident, ...incident } }] })) as unknown;
}

// Payloads Zulip's view refuses, and the error it names.
const MALFORMED: readonly (readonly [string, unknown, string])[] = [
  ['a body that is not an object', [], 'payload is not a dict'],
  ['a batch that is not a list', { messages: { type: 'incident.trigger' } }, "payload['messages'] is not a list"],
  ['a v1 incident without a number', v1Message('incident.trigger', { incident_number: undefined }), "payload['messages'][0]['data']['incident']['incident_number'] is missing"],
  ['a v1 user whose address has no domain', v1Message('incident.trigger', { assigned_to_user: { email: 'armooo', html_url: 'u' } }), "payload['messages'][0]['data']['incident']['assigned_to_user']['email'] is not an email address"],
  ['a v2 incident nobody changed', v2Trigger({ last_status_change_by: null }), "payload['messages'][0]['incident']['last_status_change_by'] is not a dict"],
  ['a v2 incident without a description', v2Trigger({ description: null }), "payload['messages'][0]['incident']['description'] is not a string"],
  ['a v3 event of a number that is not an integer', { event: { event_type: 'incident.triggered', data: { id: 'P', html_url: 'u', number: 'nine' } } }, "payload['event']['data']['number'] is not an integer"],
];

describe('PagerDuty', () => {
  it.each(ZULIP_CASES)("posts Zulip's message for %s", (name, topic, content, eventType) => {
    const outcome = handle(fixture(name));
    expect(outcome.kind).toBe('messages');
    if (outcome.kind !== 'messages') return;
    const last = outcome.messages.at(-1);
    expect({ topic: last?.topic, content: last?.content }).toEqual({ topic, content });
    // The acknowledgement fixtures are v1 batches of an assignment and then the acknowledgement,
    // each message under its own event type.
    expect(last?.eventType === undefined ? outcome.eventType : last.eventType).toBe(eventType);
  });

  it.each([
    ['acknowledge', 'It is on fire'],
    ['acknowledge_without_trigger_summary_data', ''],
  ])('posts both messages of the v1 batch %s, each under its own event type', (name, summary) => {
    const quote = `\n\n\`\`\` quote\n${summary}\n\`\`\``;
    expect(handle(fixture(name))).toEqual({
      kind: 'messages',
      eventType: null,
      messages: [
        { topic: 'Incident 1', content: `${V1_INCIDENT_1} assigned to ${ARMOOO}.${quote}`, eventType: 'assigned' },
        { topic: 'Incident 1', content: `${V1_INCIDENT_1} acknowledged by ${ARMOOO}.${quote}`, eventType: 'acknowledged' },
      ],
    });
  });

  it.each(['unsupported_v1', 'unsupported_v2', 'unsupported_v3'])("answers %s as Zulip's unsupported event", (name) => {
    expect(handle(fixture(name))).toEqual({ kind: 'unsupported', eventType: 'incident.unsupported' });
  });

  it('names the verbs of the v1, v2 and v3 events it posts as its event types', () => {
    expect(pagerDutyIntegration.allEventTypes).toEqual(['resolved', 'assigned', 'unacknowledged', 'acknowledged', 'triggered', 'reassigned']);
  });

  it('posts v1 escalations and delegations as done by the assignee', () => {
    expect(handle(v1Message('incident.escalate'))).toMatchObject({
      eventType: 'escalated',
      messages: [{ content: `${V1_INCIDENT_3} escalated by ${ARMOOO}.\n\n\`\`\` quote\nfoo\n\`\`\`` }],
    });
    expect(handle(v1Message('incident.delegate', { assigned_to_user: null }))).toMatchObject({
      eventType: 'delineated',
      messages: [{ content: `${V1_INCIDENT_3} delineated by nobody.\n\n\`\`\` quote\nfoo\n\`\`\`` }],
    });
  });

  it('names a v1 user by the local part of their address, unquoted', () => {
    const user = { email: '"on call"@example.com', html_url: 'https://example.pagerduty.com/users/P1' };
    expect(handle(v1Message('incident.trigger', { assigned_to_user: user }))).toMatchObject({
      messages: [{ content: expect.stringContaining('(assigned to [on call](https://example.pagerduty.com/users/P1))') as unknown }],
    });
  });

  it('answers a v3 event without a type as the unsupported event None, and ignores a payload of no version', () => {
    expect(handle({ event: { data: {} } })).toEqual({ kind: 'unsupported', eventType: 'None' });
    expect(handle({ messages: [] })).toEqual({ kind: 'ignored' });
  });

  it.each(MALFORMED)('refuses %s as malformed', (_case, body, message) => {
    expectMalformed(() => handle(JSON.parse(JSON.stringify(body)) as unknown), message);
  });

  it.each(ZULIP_CASES.map(([name]) => name))('refuses every damaged copy of %s as malformed, never failing otherwise', (name) => {
    expect(crashesOnDamage(pagerDutyIntegration, fixture(name))).toEqual([]);
  });
});
