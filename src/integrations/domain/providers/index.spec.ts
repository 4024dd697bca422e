import { integrationNamed, integrationsByName, webhookNameOf } from '../catalog';
import { INTEGRATIONS } from '.';

/** What every provider of the registry must hold to, whoever adds it. */
describe('the integration registry', () => {
  it('names each integration once, with a name that is one URL path segment', () => {
    const names = INTEGRATIONS.map((integration) => integration.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9_]+$/);
  });

  it('gives each a display name, a webhook name, and well-formed event types and options', () => {
    for (const integration of INTEGRATIONS) {
      expect(integration.displayName.trim()).not.toBe('');
      expect(webhookNameOf(integration)).toMatch(/^\S+$/);
      if (integration.allEventTypes !== null) {
        expect(integration.allEventTypes.length).toBeGreaterThan(0);
        expect(new Set(integration.allEventTypes).size).toBe(integration.allEventTypes.length);
      }
      for (const option of integration.configOptions) {
        expect(option).toEqual({ key: expect.stringMatching(/^\w+$/), label: expect.any(String), validator: expect.stringMatching(/^check_\w+$/) });
      }
    }
  });

  it('finds integrations by name and lists them sorted', () => {
    expect(integrationNamed('json')?.displayName).toBe('JSON formatter');
    expect(integrationNamed('slack_incoming')?.displayName).toBe('Slack-compatible webhook');
    expect(integrationNamed('no_such_integration')).toBeNull();
    expect(integrationNamed('__proto__')).toBeNull();
    const sorted = integrationsByName().map((integration) => integration.name);
    expect(sorted).toEqual([...sorted].sort());
    expect(sorted).toHaveLength(INTEGRATIONS.length);
  });
});
