import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MalformedWebhookPayload, type IncomingWebhookCall, type IncomingWebhookIntegration } from '../../src/integrations/domain/integration';

/**
 * For the incoming-webhook providers' unit specs: Zulip's fixture payloads, the calls the
 * endpoint would hand a provider, and a sweep of damaged payloads a provider must refuse as
 * malformed rather than fail on.
 */

/** `<providerDir>/fixtures/<name>.json`, decoded. */
export function fixturePayload(providerDir: string, name: string): unknown {
  return JSON.parse(readFileSync(join(providerDir, 'fixtures', `${name}.json`), 'utf8')) as unknown;
}

/** The call for a JSON body and URL parameters, as the endpoint decodes a request. */
export function webhookCall(body: unknown, params: Record<string, string> = {}): IncomingWebhookCall {
  return { body, headers: { 'content-type': 'application/json' }, params };
}

/** One damaged copy of a payload: where it was changed, and the copy. */
export interface PayloadDamage {
  readonly where: string;
  readonly payload: unknown;
}

// A value of every JSON type, and the empty ones that Python reads as false.
const REPLACEMENTS: readonly unknown[] = [null, true, 0, 2.5, '', 'text', [], [{}], {}];

/**
 * Every copy of `payload` that differs from it in one place: each key removed, and each value
 * (the whole payload too) replaced by a value of another type.
 */
export function* damagedPayloads(payload: unknown): Generator<PayloadDamage> {
  yield* damage(payload, 'payload', (replacement) => replacement);
}

function* damage(value: unknown, where: string, rebuild: (replacement: unknown) => unknown): Generator<PayloadDamage> {
  for (const replacement of REPLACEMENTS) {
    if (JSON.stringify(replacement) !== JSON.stringify(value)) {
      yield { where: `${where} = ${JSON.stringify(replacement)}`, payload: rebuild(replacement) };
    }
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      yield* damage(value[index], `${where}[${index}]`, (replacement) =>
        rebuild(value.map((item, at) => (at === index ? replacement : item))),
      );
    }
  } else if (typeof value === 'object' && value !== null) {
    const dict = value as Record<string, unknown>;
    for (const key of Object.keys(dict)) {
      const { [key]: _removed, ...rest } = dict;
      yield { where: `${where} without ${key}`, payload: rebuild(rest) };
      yield* damage(dict[key], `${where}.${key}`, (replacement) => rebuild({ ...dict, [key]: replacement }));
    }
  }
}

/**
 * Hands every damaged copy of the payload to the provider and returns those it failed on
 * with anything but `MalformedWebhookPayload` (a `TypeError`, a `RangeError`...), described.
 */
export function crashesOnDamage(
  integration: IncomingWebhookIntegration,
  payload: unknown,
  params: Record<string, string> = {},
): string[] {
  const crashes: string[] = [];
  for (const { where, payload: damaged } of damagedPayloads(payload)) {
    try {
      integration.handle(webhookCall(damaged, params));
    } catch (error) {
      if (!(error instanceof MalformedWebhookPayload)) crashes.push(`${where}: ${String(error)}`);
    }
  }
  return crashes;
}

/** Expects the read to throw `MalformedWebhookPayload` with this message. */
export function expectMalformed(read: () => unknown, message: string): void {
  let thrown: unknown;
  try {
    read();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(MalformedWebhookPayload);
  expect((thrown as Error).message).toBe(message);
}
