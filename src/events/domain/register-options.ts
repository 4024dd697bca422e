import { MAX_NARROW_TERMS } from '../../shared/narrow-limits';
import { ApiError } from '../../shared/api-error';
import { CAPABILITY_NAMES, ClientCapabilities, QueueNarrowTerm } from '../../platform/events/queues/queue-descriptor';

/** `client_capabilities`: an object of booleans; unknown keys are ignored, as Zulip does. */
export function parseCapabilities(value: unknown): ClientCapabilities {
  const capabilities = Object.fromEntries(CAPABILITY_NAMES.map((name) => [name, false])) as unknown as ClientCapabilities;
  if (value === undefined || value === null) return capabilities;
  if (typeof value !== 'object' || Array.isArray(value)) throw ApiError.badRequest('client_capabilities is not a dict');
  for (const name of CAPABILITY_NAMES) {
    const flag = (value as Record<string, unknown>)[name];
    if (flag === undefined) continue;
    if (typeof flag !== 'boolean') throw ApiError.badRequest(`client_capabilities["${name}"] is not a boolean`);
    capabilities[name] = flag;
  }
  return capabilities;
}

/** `event_types` / `fetch_event_types`: a list of strings, or null for everything. */
export function parseEventTypes(name: string, value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw ApiError.badRequest(`${name} is not a list`);
  return value.map((item, index) => {
    if (typeof item !== 'string') throw ApiError.badRequest(`${name}[${index}] is not a string`);
    return item;
  });
}

const QUEUE_NARROW_OPERATORS = new Set(['stream', 'channel', 'topic', 'sender', 'is']);
/** `is:` operands Zulip refuses on event queues (it cannot evaluate them per event). */
const UNSUPPORTED_QUEUE_NARROW_IS = new Set(['followed']);

/**
 * A queue's `narrow`: `[operator, operand]` pairs or `{operator, operand}` objects,
 * non-negated; only the operators Zulip evaluates on events are accepted, with its
 * message "Operator X not supported.".
 */
export function parseQueueNarrow(value: unknown): QueueNarrowTerm[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw ApiError.badRequest('narrow is not a list');
  // Each term is checked against every event the queue might get.
  if (value.length > MAX_NARROW_TERMS) throw ApiError.badRequest(`narrow has more than ${MAX_NARROW_TERMS} terms`);
  return value.map((term, index) => {
    let operator: unknown;
    let operand: unknown;
    if (Array.isArray(term) && term.length === 2) [operator, operand] = term;
    else if (typeof term === 'object' && term !== null && !Array.isArray(term)) {
      const object = term as Record<string, unknown>;
      if (object.negated === true) throw ApiError.badRequest('Negated narrows are not supported for event queues');
      operator = object.operator;
      operand = object.operand;
    } else {
      throw ApiError.badRequest(`narrow[${index}] is not a valid narrow term`);
    }
    if (typeof operator !== 'string') throw ApiError.badRequest(`narrow[${index}][0] is not a string`);
    if (typeof operand !== 'string' && typeof operand !== 'number') throw ApiError.badRequest(`narrow[${index}][1] is not a string`);
    if (!QUEUE_NARROW_OPERATORS.has(operator)) throw ApiError.badRequest(`Operator ${operator} not supported.`);
    if (operator === 'is' && UNSUPPORTED_QUEUE_NARROW_IS.has(String(operand))) {
      throw ApiError.badRequest(`Operand ${String(operand)} not supported.`);
    }
    return [operator, String(operand)] as QueueNarrowTerm;
  });
}
