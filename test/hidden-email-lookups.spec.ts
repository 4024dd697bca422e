import { createTestRealm, expectError, manage, sendMessage, TestRealm, TestUser, uniqueName } from './support/api';
import { fetchRaw, pngFile, postMultipart } from './support/multipart';

/**
 * Issue 22, finding 7: addresses given to the API never confirm a real address its owner
 * hides. As in Zulip, direct messages, narrows, `principals`, presence and avatars name
 * users by their API email only (`get_user`: the real address where everyone may see it,
 * the `user<id>@<realm host>` placeholder otherwise); `GET /users/{email}` also takes a
 * real address the requester's role may see (`access_user_by_email`); and errors about a
 * user name the address the requester may see.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ADMINS_ONLY = 3;

describe('lookups by a hidden email address', () => {
  jest.setTimeout(120_000);
  let realm: TestRealm;
  let admin: TestUser;
  let alice: TestUser;
  /** Active; shows the real address to administrators only. */
  let hidden: TestUser;
  let hiddenPlaceholder: string;
  /** Deactivated; showed the real address to administrators only. */
  let gone: TestUser;
  let gonePlaceholder: string;

  /** The address `viewer` sees for `user` (`email` of the user object). */
  async function apiEmailOf(viewer: TestUser, user: TestUser): Promise<string> {
    const response = await viewer.api.get(`users/${user.userId}`);
    expect(response.status).toBe(200);
    return response.body.user.email as string;
  }

  const dm = (from: TestUser, to: unknown) => from.api.post('messages', { type: 'direct', to, content: 'psst' });
  const fetchNarrow = (user: TestUser, narrow: unknown) =>
    user.api.get('messages', { anchor: 'newest', num_before: 50, num_after: 0, narrow });

  beforeAll(async () => {
    realm = await createTestRealm('hidden-email');
    admin = await realm.createUser('Ada Admin', 'administrator');
    alice = await realm.createUser('Alice');
    hidden = await realm.createUser('Hidden Person');
    gone = await realm.createUser('Gone Person');
    for (const user of [hidden, gone]) {
      expect((await user.api.patch('settings', { email_address_visibility: ADMINS_ONLY })).status).toBe(200);
    }
    await manage(['deactivate-user', '--realm', realm.subdomain, '--email', gone.email]);
    hiddenPlaceholder = await apiEmailOf(alice, hidden);
    gonePlaceholder = await apiEmailOf(alice, gone);
    // The placeholders are what other users see; the real addresses stay out of sight.
    expect(hiddenPlaceholder).toBe(`user${hidden.userId}@${realm.subdomain}.localhost`);
    expect(gonePlaceholder).toBe(`user${gone.userId}@${realm.subdomain}.localhost`);
  });

  describe('direct messages', () => {
    it('names a deactivated user by the address the sender may see, not the hidden real one', async () => {
      const refusal = `'${gonePlaceholder}' is no longer using Zulip.`;
      expectError(await dm(alice, [gone.userId]), refusal);
      expectError(await dm(alice, [hidden.userId, gone.userId]), refusal);
      expectError(await dm(alice, [gonePlaceholder]), refusal);
      // Even an administrator, who may see the address, is told the API email (Zulip's user_profile.email).
      expectError(await dm(admin, [gone.userId]), refusal);
    });

    it("refuses a hidden real address as an unknown one (Zulip's \"Invalid email\"), deactivated or not", async () => {
      expectError(await dm(alice, [hidden.email]), `Invalid email '${hidden.email}'`);
      expectError(await dm(alice, hidden.email.toUpperCase()), `Invalid email '${hidden.email.toUpperCase()}'`);
      expectError(await dm(alice, [gone.email]), `Invalid email '${gone.email}'`);
      expectError(await dm(alice, ['nobody@nowhere.test']), "Invalid email 'nobody@nowhere.test'");
    });

    it('delivers to the placeholder address, and to a real address everyone may see', async () => {
      const toPlaceholder = await dm(alice, [hiddenPlaceholder.toUpperCase()]);
      expect(toPlaceholder.status).toBe(200);
      const toVisible = await dm(hidden, [alice.email]);
      expect(toVisible.status).toBe(200);
    });
  });

  describe('subscription principals', () => {
    it('refuse a hidden real address, on subscribe and unsubscribe', async () => {
      const name = uniqueName('hidden-principal');
      expectError(await alice.api.post('users/me/subscriptions', { subscriptions: [{ name }], principals: [hidden.email] }), 'No such user');
      expectError(
        await alice.api.post('users/me/subscriptions', { subscriptions: [{ name }], principals: [alice.email, hidden.email] }),
        'No such user',
      );
      expectError(await admin.api.delete('users/me/subscriptions', { subscriptions: [name], principals: [hidden.email] }), 'No such user');
      const streams = (await realm.ownerApi.get('streams', { include_all: true })).body.streams as Json[];
      expect(streams.map((stream) => stream.name)).not.toContain(name);
    });

    it('accept the placeholder address, and say a deactivated user is deactivated', async () => {
      const name = uniqueName('placeholder-principal');
      const subscribed = await alice.api.post('users/me/subscriptions', { subscriptions: [{ name }], principals: [hiddenPlaceholder] });
      expect(subscribed.status).toBe(200);
      expect(subscribed.body.subscribed).toEqual({ [hidden.userId]: [name] });
      expectError(await alice.api.post('users/me/subscriptions', { subscriptions: [{ name }], principals: [gonePlaceholder] }), 'User is deactivated');
      const removed = await admin.api.delete('users/me/subscriptions', { subscriptions: [name], principals: [hiddenPlaceholder] });
      expect(removed.status).toBe(200);
      expect(removed.body.removed).toEqual([name]);
    });
  });

  describe('narrows, presence, avatars and GET /users/{email}', () => {
    it('find the conversation by the placeholder, and nothing by the hidden real address', async () => {
      const id = await sendMessage(hidden.api, { type: 'direct', to: JSON.stringify([alice.userId]), content: 'only by placeholder' });
      const found = await fetchNarrow(alice, [{ operator: 'dm', operand: hiddenPlaceholder }]);
      expect(found.status).toBe(200);
      expect((found.body.messages as Json[]).map((message) => message.id)).toContain(id);
      for (const operator of ['dm', 'pm-with']) {
        const desc = `unknown user in ${hidden.email}`;
        expectError(await fetchNarrow(alice, [{ operator, operand: hidden.email }]), `Invalid narrow operator: ${desc}`, 'BAD_NARROW', { desc });
      }
      for (const operator of ['sender', 'dm-including']) {
        const desc = `unknown user ${hidden.email}`;
        expectError(await fetchNarrow(alice, [{ operator, operand: hidden.email }]), `Invalid narrow operator: ${desc}`, 'BAD_NARROW', { desc });
      }
      // The API email is all Zulip matches here: an administrator may see the address, yet not narrow by it.
      expectError(await fetchNarrow(admin, [{ operator: 'sender', operand: hidden.email }]), `Invalid narrow operator: unknown user ${hidden.email}`, 'BAD_NARROW', {
        desc: `unknown user ${hidden.email}`,
      });
    });

    it('give presence by the placeholder only', async () => {
      expect((await hidden.api.post('users/me/presence', { status: 'active' })).status).toBe(200);
      const byPlaceholder = await alice.api.get(`users/${encodeURIComponent(hiddenPlaceholder)}/presence`);
      expect(byPlaceholder.status).toBe(200);
      expectError(await alice.api.get(`users/${encodeURIComponent(hidden.email)}/presence`), 'No such user');
      expectError(await admin.api.get(`users/${encodeURIComponent(hidden.email)}/presence`), 'No such user');
    });

    it("answer a hidden real address's avatar with Gravatar's picture for that address, not the user's", async () => {
      const uploaded = await postMultipart(hidden.api, 'users/me/avatar', [await pngFile('file', 120, 120)]);
      expect(uploaded.status).toBe(200);
      const own = (await fetchRaw(alice.api, `/avatar/${hidden.userId}`)).headers.location;
      expect(own).toMatch(/^\/user_avatars\//);
      expect((await fetchRaw(alice.api, `/avatar/${encodeURIComponent(hiddenPlaceholder)}`)).headers.location).toBe(own);
      for (const viewer of [alice, admin]) {
        const byAddress = (await fetchRaw(viewer.api, `/avatar/${encodeURIComponent(hidden.email)}`)).headers.location;
        expect(byAddress).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/);
        const byUnknown = (await fetchRaw(viewer.api, `/avatar/${encodeURIComponent('nobody@nowhere.test')}`)).headers.location;
        expect(byUnknown).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/);
      }
    });

    it('GET /users/{email}: the placeholder for everyone, the real address for roles the setting shows it to', async () => {
      const byPlaceholder = await alice.api.get(`users/${encodeURIComponent(hiddenPlaceholder)}`);
      expect(byPlaceholder.status).toBe(200);
      expect(byPlaceholder.body.user).toMatchObject({ user_id: hidden.userId, email: hiddenPlaceholder, delivery_email: null });
      expectError(await alice.api.get(`users/${encodeURIComponent(hidden.email)}`), 'No such user');
      const asAdmin = await admin.api.get(`users/${encodeURIComponent(hidden.email)}`);
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.body.user).toMatchObject({ user_id: hidden.userId, email: hiddenPlaceholder, delivery_email: hidden.email });
      // A deactivated user too (allow_deactivated), by either address the administrator may use.
      const goneAsAdmin = await admin.api.get(`users/${encodeURIComponent(gone.email)}`);
      expect(goneAsAdmin.body.user).toMatchObject({ user_id: gone.userId, is_active: false });
    });
  });

  describe('an administrator who may see the address', () => {
    it('still sends and subscribes by the API email only, as Zulip does', async () => {
      expectError(await dm(admin, [hidden.email]), `Invalid email '${hidden.email}'`);
      expect((await dm(admin, [hiddenPlaceholder])).status).toBe(200);
      const name = uniqueName('admin-principal');
      expectError(await admin.api.post('users/me/subscriptions', { subscriptions: [{ name }], principals: [hidden.email] }), 'No such user');
      const subscribed = await admin.api.post('users/me/subscriptions', { subscriptions: [{ name }], principals: [hiddenPlaceholder] });
      expect(subscribed.body.subscribed).toEqual({ [hidden.userId]: [name] });
    });

    it('loses the real address once the owner hides it from administrators too', async () => {
      const other = await realm.createUser('Private Person');
      expect((await other.api.patch('settings', { email_address_visibility: 4 })).status).toBe(200);
      expectError(await admin.api.get(`users/${encodeURIComponent(other.email)}`), 'No such user');
      expect((await admin.api.get(`users/${encodeURIComponent(`user${other.userId}@${realm.subdomain}.localhost`)}`)).status).toBe(200);
    });
  });
});
