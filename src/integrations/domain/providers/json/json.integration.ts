import { IncomingWebhookCall, IncomingWebhookIntegration, IncomingWebhookOutcome, MalformedWebhookPayload } from '../../integration';
import { dumpPyJson, parsePyJson, PyJson, pyJsonOf, PyJsonSyntaxError } from '../../python-json';

/**
 * Zulip's JSON formatter (`/api/v1/external/json`): any JSON object, posted as a `json`
 * code block of the payload as Python's `json.dumps(payload, indent=2)` prints it, in the
 * topic "JSON".
 */
export const jsonIntegration: IncomingWebhookIntegration = {
  name: 'json',
  displayName: 'JSON formatter',
  webhookName: 'JSON',
  allEventTypes: null,
  configOptions: [],
  handle(call: IncomingWebhookCall): IncomingWebhookOutcome {
    const payload = call.rawBody !== undefined ? parsed(call.rawBody) : pyJsonOf(call.body);
    if (payload.kind !== 'object') throw new MalformedWebhookPayload('payload is not a dict');
    return { kind: 'messages', eventType: null, messages: [{ topic: 'JSON', content: jsonMessage(payload) }] };
  },
};

/** Zulip's `JSON_MESSAGE_TEMPLATE`. */
export function jsonMessage(payload: PyJson): string {
  return '```json\n' + dumpPyJson(payload) + '\n```';
}

function parsed(text: string): PyJson {
  try {
    return parsePyJson(text);
  } catch (error) {
    if (error instanceof PyJsonSyntaxError) throw new MalformedWebhookPayload('Malformed JSON');
    throw error;
  }
}
