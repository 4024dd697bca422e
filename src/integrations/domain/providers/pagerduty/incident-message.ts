import type { EventMessage } from '../shared/posted-messages';

/** What every PagerDuty webhook version tells of an incident, as the messages show it. */
export interface IncidentFields {
  /** The event's verb (`triggered`, `acknowledged`...): the message's event type. */
  readonly action: string;
  /** The incident's number (v1, v2) or `Title (#number)` (v3): the topic is `Incident <this>`. */
  readonly numberTitle: string;
  readonly url: string;
  readonly serviceName: string;
  readonly serviceUrl: string;
  /** `[name](url)` of the first assignee, or `nobody`. */
  readonly assignee: string;
  /** `[name](url)` of who acted (who resolved it), when the payload names one. */
  readonly agent: string | null;
  /** The quoted trigger summary (v1, v2); empty for v3, which has none. */
  readonly triggerMessage: string;
}

/** `[name](url)`. */
export function agentLink(name: string, url: string): string {
  return `[${name}](${url})`;
}

/** A Markdown quote block of the incident's trigger summary. */
export function triggerQuote(text: string): string {
  return `\`\`\` quote\n${text}\n\`\`\``;
}

/**
 * The message for an event of type `eventType` (any version's spelling): a trigger or an
 * unacknowledgement names the service and the assignee, a resolution who resolved it, an
 * assignment the new assignee; any other event (acknowledgement, escalation, delegation) the
 * assignee as its author.
 */
export function incidentMessage(eventType: string, fields: IncidentFields): EventMessage {
  const incident = `Incident [${fields.numberTitle}](${fields.url})`;
  let sentence: string;
  if (SERVICE_EVENTS.has(eventType)) {
    sentence = `${incident} ${fields.action} by [${fields.serviceName}](${fields.serviceUrl}) (assigned to ${fields.assignee}).`;
  } else if (RESOLVE_EVENTS.has(eventType)) {
    sentence = fields.agent === null ? `${incident} resolved.` : `${incident} resolved by ${fields.agent}.`;
  } else if (ASSIGN_EVENTS.has(eventType)) {
    sentence = `${incident} ${fields.action} to ${fields.assignee}.`;
  } else {
    sentence = `${incident} ${fields.action} by ${fields.assignee}.`;
  }
  return { topic: `Incident ${fields.numberTitle}`, content: `${sentence}\n\n${fields.triggerMessage}`, eventType: fields.action };
}

const SERVICE_EVENTS = new Set(['incident.trigger', 'incident.triggered', 'incident.unacknowledge', 'incident.unacknowledged']);
const RESOLVE_EVENTS = new Set(['incident.resolve', 'incident.resolved']);
const ASSIGN_EVENTS = new Set(['incident.assign', 'incident.reassigned']);
