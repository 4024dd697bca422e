import { MalformedWebhookPayload } from '../../integration';
import type { WildValue } from '../shared/wild-value';
import { agentLink, type IncidentFields, triggerQuote } from './incident-message';

/** Webhooks v1 (`messages[].type`): the event types read, and their verbs. */
export const V1_ACTIONS: ReadonlyMap<string, string> = new Map([
  ['incident.trigger', 'triggered'],
  ['incident.acknowledge', 'acknowledged'],
  ['incident.unacknowledge', 'unacknowledged'],
  ['incident.resolve', 'resolved'],
  ['incident.assign', 'assigned'],
  ['incident.escalate', 'escalated'],
  // Zulip's word for a delegation.
  ['incident.delegate', 'delineated'],
]);

/** Webhooks v2 (`messages[].event`). */
export const V2_ACTIONS: ReadonlyMap<string, string> = new Map([
  ['incident.trigger', 'triggered'],
  ['incident.acknowledge', 'acknowledged'],
  ['incident.resolve', 'resolved'],
  ['incident.assign', 'assigned'],
]);

/** Webhooks v3 (`event.event_type`). */
export const V3_ACTIONS: ReadonlyMap<string, string> = new Map([
  ['incident.triggered', 'triggered'],
  ['incident.acknowledged', 'acknowledged'],
  ['incident.unacknowledged', 'unacknowledged'],
  ['incident.resolved', 'resolved'],
  ['incident.reassigned', 'reassigned'],
]);

/**
 * A v1 message (`data.incident`): people are named by their address's local part; the trigger
 * summary quotes its subject and description.
 */
export function v1IncidentFields(message: WildValue, action: string): IncidentFields {
  const incident = message.at('data').at('incident');
  const { numberTitle, url, serviceName, serviceUrl } = numberedIncident(incident);
  const assignedTo = incident.get('assigned_to_user');
  const assignee = assignedTo.truthy ? userLink(assignedTo) : 'nobody';
  const resolvedBy = incident.get('resolved_by_user');
  const agent = resolvedBy.truthy ? userLink(resolvedBy) : null;

  const summary: string[] = [];
  const triggerSummary = incident.get('trigger_summary_data');
  if (triggerSummary.truthy) {
    const subject = triggerSummary.get('subject', '').string();
    if (subject !== '') summary.push(subject);
    const description = triggerSummary.get('description', '').string();
    if (description !== '') summary.push(description);
  }
  return { action, numberTitle, url, serviceName, serviceUrl, assignee, agent, triggerMessage: triggerQuote(summary.join('\n')) };
}

/**
 * A v2 message (`incident`): people by their summary; who last changed the incident's
 * status is required (Zulip reads it unconditionally), and so is a description to quote.
 */
export function v2IncidentFields(message: WildValue, action: string): IncidentFields {
  const incident = message.at('incident');
  const { numberTitle, url, serviceName, serviceUrl } = numberedIncident(incident);
  const assignments = incident.at('assignments');
  const assignee = assignments.truthy ? referenceLink(assignments.item(0).at('assignee')) : 'nobody';
  const agent = referenceLink(incident.get('last_status_change_by'));
  const descriptionValue = incident.get('description');
  const description = descriptionValue.noneOrString();
  // Zulip's template then lacks its trigger message and the view fails; answered as malformed.
  if (description === null) throw new MalformedWebhookPayload(`${descriptionValue.path} is not a string`);
  return { action, numberTitle, url, serviceName, serviceUrl, assignee, agent, triggerMessage: triggerQuote(description) };
}

/** A v3 event (`data`): `Title (#number)`, people by their summary, no trigger summary. */
export function v3IncidentFields(event: WildValue, action: string): IncidentFields {
  const data = event.at('data');
  data.at('id').string();
  const url = data.at('html_url').string();
  const number = data.at('number').intText();
  const numberTitle = `${data.at('title').string()} (#${number})`;
  const service = data.at('service');
  const serviceName = service.at('summary').string();
  const serviceUrl = service.at('html_url').string();
  const assignees = data.at('assignees');
  const assignee = assignees.truthy ? referenceLink(assignees.item(0)) : 'nobody';
  const agent = referenceLink(event.get('agent'));
  return { action, numberTitle, url, serviceName, serviceUrl, assignee, agent, triggerMessage: '' };
}

/** The incident of a v1 or v2 message: its number, link and service (its id must be there too). */
function numberedIncident(incident: WildValue): Pick<IncidentFields, 'numberTitle' | 'url' | 'serviceName' | 'serviceUrl'> {
  incident.at('id').string();
  const numberTitle = incident.at('incident_number').intText();
  const url = incident.at('html_url').string();
  const service = incident.at('service');
  return { numberTitle, url, serviceName: service.at('name').string(), serviceUrl: service.at('html_url').string() };
}

/** A v1 user: `[local part of the address](html_url)`. */
function userLink(user: WildValue): string {
  const email = user.at('email');
  return agentLink(addressUsername(email.string(), email.path), user.at('html_url').string());
}

/** A v2/v3 reference: `[summary](html_url)`. */
function referenceLink(reference: WildValue): string {
  return agentLink(reference.at('summary').string(), reference.at('html_url').string());
}

const DOT_ATOM = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+(?:\.[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+)*$/;
const QUOTED = /^"((?:[^"\\]|\\.)*)"$/s;
const DOMAIN = /^(?:[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+(?:\.[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+)*|\[[^[\]\\]*\])$/;

/**
 * The local part of an address, as Python's `Address(addr_spec=...).username` gives it (a
 * quoted local part unquoted); an address it would refuse is malformed.
 */
function addressUsername(address: string, path: string): string {
  const trimmed = address.trim();
  const at = trimmed.lastIndexOf('@');
  const local = at < 0 ? '' : trimmed.slice(0, at);
  const domain = at < 0 ? '' : trimmed.slice(at + 1);
  if (DOMAIN.test(domain)) {
    if (DOT_ATOM.test(local)) return local;
    const quoted = QUOTED.exec(local);
    if (quoted !== null) return quoted[1].replace(/\\(.)/gs, '$1');
  }
  throw new MalformedWebhookPayload(`${path} is not an email address`);
}
