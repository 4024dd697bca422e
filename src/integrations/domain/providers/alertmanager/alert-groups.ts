import { MalformedWebhookPayload } from '../../integration';
import type { EventMessage } from '../shared/posted-messages';
import type { WildValue } from '../shared/wild-value';

/** Which label or annotation names an alert's topic and which one describes it. */
export interface AlertFields {
  /** The `name` URL parameter; `instance` by default. */
  readonly nameField: string;
  /** The `desc` URL parameter; `alertname` by default. */
  readonly descField: string;
}

type Status = 'firing' | 'resolved';

interface AlertLine {
  readonly topic: string;
  readonly status: Status;
  readonly line: string;
}

/**
 * Alertmanager's notification: its alerts grouped by topic (the `name` field) and, within a
 * topic, by status, firing before resolved; one message per topic and status, topics in the
 * order their first alert came. Messages carry no event type.
 */
export function alertGroupMessages(payload: WildValue, fields: AlertFields): EventMessage[] {
  const topics = new Map<string, Record<Status, string[]>>();
  for (const alert of payload.at('alerts').list()) {
    const { topic, status, line } = alertLine(alert, fields);
    let statuses = topics.get(topic);
    if (statuses === undefined) {
      statuses = { firing: [], resolved: [] };
      topics.set(topic, statuses);
    }
    statuses[status].push(line);
  }
  const messages: EventMessage[] = [];
  for (const [topic, statuses] of topics) {
    for (const status of ['firing', 'resolved'] as const) {
      const lines = statuses[status];
      if (lines.length > 0) messages.push({ topic, content: groupContent(status, lines), eventType: null });
    }
  }
  return messages;
}

/** An alert's topic, status and line: its description linked to its source (the rule's graph). */
function alertLine(alert: WildValue, fields: AlertFields): AlertLine {
  const labels = alert.get('labels', {});
  const annotations = alert.get('annotations', {});
  const topic = labelOrAnnotation(labels, annotations, fields.nameField, '(unknown)');
  const description = labelOrAnnotation(labels, annotations, fields.descField, `<missing field: ${fields.descField}>`);
  // Prometheus links its graph's console tab (`tab=1`); the graph itself is more useful.
  const url = alert.at('generatorURL').string().replaceAll('tab=1', 'tab=0');
  const statusValue = alert.at('status');
  const status = statusValue.string();
  // Zulip fails with a server error on any other status; this answers it as malformed.
  if (status !== 'firing' && status !== 'resolved') throw new MalformedWebhookPayload(`Invalid ${statusValue.path}`);
  return { topic, status, line: `${description} ([source](${url}))` };
}

/** The field from the alert's labels, else from its annotations, else the fallback. */
function labelOrAnnotation(labels: WildValue, annotations: WildValue, field: string, fallback: string): string {
  const fromAnnotations = annotations.get(field, fallback);
  return labels.has(field) ? labels.at(field).string() : fromAnnotations.string();
}

function groupContent(status: Status, lines: readonly string[]): string {
  const heading = status === 'firing' ? ':alert: **FIRING**' : ':squared_ok: **Resolved**';
  if (lines.length === 1) return `${heading} ${lines[0]}`;
  return `${heading}\n${lines.map((line) => `* ${line}`).join('\n')}`;
}
