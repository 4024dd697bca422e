import { Api, createBot, createTestRealm, expectError, subscribeTo, TestRealm, TestUser } from './support/api';
import { ServerProcess, startServer } from './support/server-process';

/**
 * `GET /streams/{stream_id}/email_address` as Zulip 10.2 answers it, as the Python
 * bindings' `get_stream_email_address` calls it: the run's test server has no gateway
 * pattern (Zulip's default: the address is ""), a server of this file's own has one.
 */

const PATTERN = '%s@streams.example.com';
const ADDRESS = /^([a-z0-9-]+)\.([0-9a-f]{32})\.show-sender@streams\.example\.com$/;

async function channelId(api: Api, name: string): Promise<number> {
  const response = await api.get('get_stream_id', { stream: name });
  if (response.status !== 200) throw new Error(`no channel ${name}: ${JSON.stringify(response.body)}`);
  return response.body.stream_id as number;
}

function tokenOf(email: unknown): string {
  const match = ADDRESS.exec(email as string);
  if (!match) throw new Error(`not a channel address: ${String(email)}`);
  return match[2];
}

describe('channel email address', () => {
  describe('without a gateway pattern (Zulip\'s default)', () => {
    let realm: TestRealm;
    let ann: TestUser;
    let bob: TestUser;

    beforeAll(async () => {
      realm = await createTestRealm('chanmail');
      ann = await realm.createUser('Ann Mail');
      bob = await realm.createUser('Bob Mail');
      await subscribeTo(ann.api, 'mail public');
      await subscribeTo(ann.api, 'mail secret', { invite_only: true });
    });

    it('answers an empty address for a channel the user can access', async () => {
      const id = await channelId(ann.api, 'mail public');
      const response = await ann.api.get(`streams/${id}/email_address`);
      expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: { result: 'success', msg: '', email: '' } });
      // Public: another member who is not subscribed may ask too.
      expect((await bob.api.get(`streams/${id}/email_address`)).body.email).toBe('');
    });

    it('refuses a channel the user cannot access as a missing one', async () => {
      const secret = await channelId(ann.api, 'mail secret');
      expectError(await bob.api.get(`streams/${secret}/email_address`), 'Invalid channel ID');
      expectError(await bob.api.get('streams/999999999/email_address'), 'Invalid channel ID');
    });

    it("takes only the user, the gateway or the user's own bots as sender", async () => {
      const id = await channelId(ann.api, 'mail public');
      const annBot = await createBot(realm, ann.api, 'mail-bot', 'Mail Bot');
      expect((await ann.api.get(`streams/${id}/email_address`, { sender_id: annBot.userId })).status).toBe(200);
      expect((await ann.api.get(`streams/${id}/email_address`, { sender_id: ann.userId })).status).toBe(200);
      expectError(await bob.api.get(`streams/${id}/email_address`, { sender_id: annBot.userId }), 'Insufficient permission');
      expectError(await bob.api.get(`streams/${id}/email_address`, { sender_id: ann.userId }), 'No such bot');
      expectError(await bob.api.get(`streams/${id}/email_address`, { sender_id: 999999999 }), 'No such bot');
    });
  });

  describe('with a gateway pattern', () => {
    let server: ServerProcess;
    let ann: TestUser;
    let bob: TestUser;

    beforeAll(async () => {
      server = await startServer({ EMAIL_GATEWAY_PATTERN: PATTERN });
      const realm = await createTestRealm('chanmail', server);
      ann = await realm.createUser('Ann Mail');
      bob = await realm.createUser('Bob Mail');
      await subscribeTo(ann.api, 'Denmark office');
    }, 60_000);

    afterAll(async () => {
      await server?.stop();
    });

    it("forms Zulip's address, one token per creator and sender, kept", async () => {
      const id = await channelId(ann.api, 'Denmark office');
      const first = (await ann.api.get(`streams/${id}/email_address`)).body.email;
      expect(first).toMatch(ADDRESS);
      expect(ADDRESS.exec(first as string)?.[1]).toBe('denmark-office');
      // Asked again: the same address.
      expect((await ann.api.get(`streams/${id}/email_address`)).body.email).toBe(first);
      // Another sender, or another user asking: another token.
      const asSelf = tokenOf((await ann.api.get(`streams/${id}/email_address`, { sender_id: ann.userId })).body.email);
      const byBob = tokenOf((await bob.api.get(`streams/${id}/email_address`)).body.email);
      expect(new Set([tokenOf(first), asSelf, byBob]).size).toBe(3);
      expect(tokenOf((await ann.api.get(`streams/${id}/email_address`, { sender_id: ann.userId })).body.email)).toBe(asSelf);
    });
  });
});
