import { readFileSync } from 'fs';
import { join } from 'path';
import { IncomingWebhookIntegration, MalformedWebhookPayload } from '../../integration';
import { githubIntegration } from '../github';
import { gitlabIntegration } from '../gitlab';

/**
 * Every Zulip test case of both forges, its payload mangled one field at a time (a top-level
 * key dropped or its value replaced by null, a string, a number, a list or an object; a key
 * one level down dropped or nulled): the provider may answer anything but a TypeError, which
 * the endpoint would turn into a 500. What it throws must be MalformedWebhookPayload.
 */

interface ZulipCase {
  test: string;
  fixture?: string;
  headers: Record<string, string>;
  params: Record<string, string>;
}

const REPLACEMENTS: unknown[] = [null, 'text', 7, [{}], {}];

/** Two levels deep: the payload's keys, and the keys of each object it holds. */
function* mangled(payload: Record<string, unknown>): Generator<Record<string, unknown>> {
  for (const key of Object.keys(payload)) {
    const { [key]: _dropped, ...rest } = payload;
    yield rest;
    for (const value of REPLACEMENTS) yield { ...payload, [key]: value };
    const inner = payload[key];
    if (inner !== null && typeof inner === 'object' && !Array.isArray(inner)) {
      for (const innerKey of Object.keys(inner)) {
        const { [innerKey]: _innerDropped, ...innerRest } = inner as Record<string, unknown>;
        yield { ...payload, [key]: innerRest };
        yield { ...payload, [key]: { ...inner, [innerKey]: null } };
      }
    }
  }
}

/** The cases with a fixture, once each for a fixture, headers and parameters. */
function casesOf(provider: string): ZulipCase[] {
  const file = join(__dirname, '..', provider, 'fixtures', 'zulip-tests.json');
  const cases = (JSON.parse(readFileSync(file, 'utf8')) as { cases: ZulipCase[] }).cases.filter((c) => c.fixture !== undefined);
  const seen = new Set<string>();
  return cases.filter((c) => {
    const key = JSON.stringify([c.fixture, c.headers, c.params]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function fixtureOf(provider: string, name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(__dirname, '..', provider, 'fixtures', `${name}.json`), 'utf8')) as Record<string, unknown>;
}

describe.each([
  ['github', githubIntegration],
  ['gitlab', gitlabIntegration],
] as [string, IncomingWebhookIntegration][])('%s with mangled payloads', (provider, integration) => {
  it.each(casesOf(provider).map((c) => [c.test, c] as const))('%s', (_test, c) => {
    const failures: string[] = [];
    for (const body of mangled(fixtureOf(provider, c.fixture ?? ''))) {
      try {
        integration.handle({ body, headers: c.headers, params: { ...c.params, topic: 'all' } });
      } catch (error) {
        if (!(error instanceof MalformedWebhookPayload)) failures.push(String(error));
      }
    }
    expect(failures).toEqual([]);
  });
});
