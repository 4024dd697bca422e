import { createTestRealm, expectError, ok, TestRealm, TestUser } from './support/api';
import { Queue } from './support/queue';

/**
 * `/realm/domains` as Zulip 10.2 serves it (zerver/views/realm_domains.py; not in its OpenAPI
 * document): anyone lists the realm's domains, organization owners add, change and remove
 * them; register's `realm_domains` and `realm_domains` events (add, change, remove) for
 * every active user; removing the last domain lifts `emails_restricted_to_domains`.
 */

type Json = Record<string, unknown>;

const ownerRequired = { status: 400, body: { result: 'error', msg: 'Must be an organization owner', code: 'UNAUTHORIZED_PRINCIPAL' } };

describe('realm domains', () => {
  let realm: TestRealm;
  let admin: TestUser;
  let member: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('domains');
    admin = await realm.createUser('Ada Admin', 'administrator');
    member = await realm.createUser('Mo Member');
    guest = await realm.createUser('Gil Guest', 'guest');
  });

  afterEach(async () => {
    // Each case starts from a realm without domains.
    for (const { domain } of ok(await realm.ownerApi.get('realm/domains')).domains as Json[]) {
      ok(await realm.ownerApi.delete(`realm/domains/${domain as string}`));
    }
  });

  it('adds, changes and removes domains, stored lowercase, telling every active user', async () => {
    const queues = await Promise.all([member, guest].map((user) => Queue.register(user.api, { event_types: ['realm_domains'] })));
    const added = ok(await realm.ownerApi.post('realm/domains', { domain: '  Example.COM ', allow_subdomains: false }));
    expect(added).toEqual({ result: 'success', msg: '', new_domain: [expect.any(Number), 'example.com'] });
    ok(await realm.ownerApi.post('realm/domains', { domain: 'corp.example.org', allow_subdomains: true }));
    expect(ok(await guest.api.get('realm/domains'))).toEqual({
      result: 'success',
      msg: '',
      domains: [{ domain: 'example.com', allow_subdomains: false }, { domain: 'corp.example.org', allow_subdomains: true }],
    });
    ok(await realm.ownerApi.patch('realm/domains/example.com', { allow_subdomains: true }));
    // Zulip saves and tells even what does not change.
    ok(await realm.ownerApi.patch('realm/domains/corp.example.org', { allow_subdomains: true }));
    ok(await realm.ownerApi.delete('realm/domains/corp.example.org'));
    expect(ok(await member.api.post('register', { fetch_event_types: ['realm_domains'] })).realm_domains).toEqual([{ domain: 'example.com', allow_subdomains: true }]);
    for (const queue of queues) {
      expect((await queue.take(5)).map(({ id: _id, ...event }) => event)).toEqual([
        { type: 'realm_domains', op: 'add', realm_domain: { domain: 'example.com', allow_subdomains: false } },
        { type: 'realm_domains', op: 'add', realm_domain: { domain: 'corp.example.org', allow_subdomains: true } },
        { type: 'realm_domains', op: 'change', realm_domain: { domain: 'example.com', allow_subdomains: true } },
        { type: 'realm_domains', op: 'change', realm_domain: { domain: 'corp.example.org', allow_subdomains: true } },
        { type: 'realm_domains', op: 'remove', domain: 'corp.example.org' },
      ]);
    }
  });

  it('is for organization owners: administrators and others are refused before anything they sent is read', async () => {
    ok(await realm.ownerApi.post('realm/domains', { domain: 'example.net', allow_subdomains: false }));
    for (const user of [admin, member, guest]) {
      for (const answer of [
        await user.api.post('realm/domains', { domain: 'evil.example', allow_subdomains: true }),
        await user.api.post('realm/domains'),
        await user.api.patch('realm/domains/example.net', { allow_subdomains: true }),
        await user.api.patch('realm/domains/example.net'),
        await user.api.delete('realm/domains/example.net'),
      ]) {
        expect({ status: answer.status, body: answer.body }).toEqual(ownerRequired);
      }
      // Listing is for everyone.
      expect(ok(await user.api.get('realm/domains')).domains).toEqual([{ domain: 'example.net', allow_subdomains: false }]);
    }
  });

  it("refuses missing, malformed and duplicate domains in Zulip's order and words", async () => {
    const post = (params: Json) => realm.ownerApi.post('realm/domains', params);
    // allow_subdomains is read before domain (Zulip 10.2's parameter order).
    expectError(await post({}), "Missing 'allow_subdomains' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'allow_subdomains' });
    expectError(await post({ allow_subdomains: false }), "Missing 'domain' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'domain' });
    expectError(await post({ domain: 'example.com', allow_subdomains: 'yes' }), 'allow_subdomains is not valid JSON');
    expectError(await post({ domain: 'example.com', allow_subdomains: '1' }), 'allow_subdomains is not a boolean');
    for (const [domain, problem] of [
      [' ', "Domain can't be empty."],
      ['localhost', 'Domain must have at least one dot (.)'],
      [`${'a'.repeat(256)}.com`, 'Domain is too long'],
      ['.example.com', 'Domain cannot start or end with a dot (.)'],
      ['example..com', "Consecutive '.' are not allowed."],
      ['-example.com', "Subdomains cannot start or end with a '-'."],
      ['ex_ample.com', "Domain can only have letters, numbers, '.' and '-'s."],
      ['user@example.com', "Domain can only have letters, numbers, '.' and '-'s."],
    ]) {
      expectError(await post({ domain, allow_subdomains: false }), `Invalid domain: ${problem}`);
    }
    ok(await post({ domain: 'example.com', allow_subdomains: false }));
    expectError(await post({ domain: 'EXAMPLE.com ', allow_subdomains: true }), 'The domain example.com is already a part of your organization.');
    // PATCH and DELETE name the domain exactly as stored.
    expectError(await realm.ownerApi.patch('realm/domains/Example.com', { allow_subdomains: true }), 'No entry found for domain Example.com.');
    expectError(await realm.ownerApi.delete('realm/domains/example.org'), 'No entry found for domain example.org.');
    expectError(await realm.ownerApi.patch('realm/domains/example.com'), "Missing 'allow_subdomains' argument", 'REQUEST_VARIABLE_MISSING', {
      var_name: 'allow_subdomains',
    });
    expect(ok(await realm.ownerApi.get('realm/domains')).domains).toEqual([{ domain: 'example.com', allow_subdomains: false }]);
  });

  it('lifts emails_restricted_to_domains when the last domain goes, telling that first', async () => {
    ok(await realm.ownerApi.post('realm/domains', { domain: 'one.example', allow_subdomains: false }));
    ok(await realm.ownerApi.post('realm/domains', { domain: 'two.example', allow_subdomains: false }));
    ok(await realm.ownerApi.patch('realm', { emails_restricted_to_domains: true }));
    const queue = await Queue.register(member.api, { event_types: ['realm', 'realm_domains'] });
    const restricted = async () => ok(await member.api.post('register', { fetch_event_types: ['realm'] })).realm_emails_restricted_to_domains;
    ok(await realm.ownerApi.delete('realm/domains/one.example'));
    expect(await restricted()).toBe(true);
    ok(await realm.ownerApi.delete('realm/domains/two.example'));
    expect(await restricted()).toBe(false);
    expect((await queue.take(3)).map(({ id: _id, ...event }) => event)).toEqual([
      { type: 'realm_domains', op: 'remove', domain: 'one.example' },
      { type: 'realm', op: 'update', property: 'emails_restricted_to_domains', value: false },
      { type: 'realm_domains', op: 'remove', domain: 'two.example' },
    ]);
  });

  it("keeps each realm's domains its own", async () => {
    ok(await realm.ownerApi.post('realm/domains', { domain: 'ours.example', allow_subdomains: false }));
    const other = await createTestRealm('domains-b');
    expectError(await other.ownerApi.delete('realm/domains/ours.example'), 'No entry found for domain ours.example.');
    expectError(await other.ownerApi.patch('realm/domains/ours.example', { allow_subdomains: true }), 'No entry found for domain ours.example.');
    expect(ok(await other.ownerApi.get('realm/domains')).domains).toEqual([]);
    // Another realm may take the same domain.
    ok(await other.ownerApi.post('realm/domains', { domain: 'ours.example', allow_subdomains: true }));
    expect(ok(await realm.ownerApi.get('realm/domains')).domains).toEqual([{ domain: 'ours.example', allow_subdomains: false }]);
  });
});
