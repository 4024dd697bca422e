import type { EventMessage } from '../shared/posted-messages';
import type { WildValue } from '../shared/wild-value';

/**
 * Grafana 8+ ("unified") alerting: the payload's `alerts`, one message per alert, in the
 * topic `[<alertname>]` (the alert's fingerprint when it has no alertname), sent under the
 * alert's status (`firing` / `resolved`).
 */
export function unifiedAlertMessages(payload: WildValue): EventMessage[] {
  return payload.at('alerts').list().map(unifiedAlertMessage);
}

const STATUSES = ['firing', 'resolved'] as const;

/** Grafana's `endsAt` for an alert still firing. */
const NOT_ENDED = '0001-01-01T00:00:00Z';

function unifiedAlertMessage(alert: WildValue): EventMessage {
  const status = alert.at('status').stringIn(STATUSES);
  let body = status === 'firing' ? ':alert: **FIRING**\n\n' : ':checkbox: **RESOLVED**\n\n';

  const labels = alert.at('labels');
  let topic: string;
  if (labels.has('alertname') && labels.at('alertname').truthy) {
    const alertName = labels.at('alertname').string();
    topic = `[${alertName}]`;
    body += `**${alertName}**\n\n`;
  } else {
    topic = `[${alert.at('fingerprint').string()}]`;
  }

  // Grafana's timestamps go out as global times, as the payload spells them.
  body += `This alert was fired at <time:${alert.at('startsAt').string()}>.`;
  const endsAt = alert.at('endsAt').string();
  if (endsAt !== NOT_ENDED) body += `\n\nThis alert was resolved at <time:${endsAt}>.`;

  if (labels.truthy) body += `\n\nLabels:\n${bulletList(labels, (value) => value.string())}\n`;
  body += valuesSection(alert);
  const annotations = alert.at('annotations');
  if (annotations.truthy) body += `Annotations:\n${bulletList(annotations, (value) => value.string())}`;
  body += linksSection(alert);
  return { topic, content: `${body}\n`, eventType: status };
}

/** `- key: value` lines, each ending in a newline. */
function bulletList(dict: WildValue, text: (value: WildValue) => string): string {
  return dict
    .entries()
    .map(([key, value]) => `- ${key}: ${text(value)}\n`)
    .join('');
}

/** The evaluated values (Grafana 9.2+), else the older `valueString`; nothing without either. */
function valuesSection(alert: WildValue): string {
  const values = alert.get('values');
  if (values.truthy) return `Values:\n${bulletList(values, (value) => value.anythingText())}\n`;
  const valueString = alert.get('valueString');
  if (valueString.truthy) return `Values:\n${valueString.string()}\n\n`;
  return '';
}

/** Links to the rule (`generatorURL`), a silence form and the panel's image, when given. */
function linksSection(alert: WildValue): string {
  let links = '';
  const generatorUrl = alert.at('generatorURL');
  if (generatorUrl.truthy) links += `\n[Generator](${generatorUrl.string()})`;
  const silenceUrl = alert.at('silenceURL');
  if (silenceUrl.truthy) links += `\n[Silence](${silenceUrl.string()})`;
  const imageUrl = alert.get('imageURL');
  if (imageUrl.truthy) links += `\n[Image](${imageUrl.string()})`;
  return links;
}
