import { createBot, createTestRealm, expectError, expectSuccess, manage, TestRealm, TestUser } from './support/api';
import { Event, Queue } from './support/queue';

/** Custom profile fields: definitions (administrators), users' values, events, register state. */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ADMIN_REQUIRED = ['Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL'] as const;

describe('custom profile fields', () => {
  let realm: TestRealm;
  let owner: TestUser;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let gone: TestUser;
  let bot: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('profile');
    owner = { ...realm.owner, fullName: 'Olivia Owner', api: realm.ownerApi };
    admin = await realm.createUser('Ada Admin', 'administrator');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    gone = await realm.createUser('Gone');
    bot = await createBot(realm, realm.ownerApi, 'botty', 'Botty');
    await manage(['deactivate-user', '--realm', realm.subdomain, '--email', gone.email]);
  });

  async function fields(): Promise<Json[]> {
    const response = await alice.api.get('realm/profile_fields');
    expect(response.status).toBe(200);
    return response.body.custom_fields as Json[];
  }

  async function create(params: Json, api = admin.api): Promise<number> {
    const response = await api.post('realm/profile_fields', params);
    if (response.status !== 200) throw new Error(`create failed: ${JSON.stringify(response.body)}`);
    return response.body.id as number;
  }

  async function profileOf(user: TestUser): Promise<Json> {
    const response = await owner.api.get('users', { include_custom_profile_fields: true });
    return (response.body.members as Json[]).find((member) => member.user_id === user.userId)?.profile_data as Json;
  }

  describe('field management', () => {
    it('creates fields of every type, listed in order with Zulip\'s shape', async () => {
      const phone = await create({ name: 'Phone', hint: 'Work phone', field_type: 1, required: true, editable_by_user: false });
      const bio = await create({ name: 'Biography', field_type: 2 });
      const editor = await create({
        name: 'Editor',
        field_type: 3,
        field_data: { vim: { text: 'Vim', order: '1' }, emacs: { text: 'Emacs', order: '2' } },
        display_in_profile_summary: true,
      });
      const birthday = await create({ name: 'Birthday', field_type: 4 });
      const site = await create({ name: 'Website', field_type: 5 });
      const mentor = await create({ name: 'Mentor', field_type: 6 });
      const github = await create({ name: 'ignored', field_type: 7, field_data: { subtype: 'github' } });
      const custom = await create({
        name: 'Fediverse',
        field_type: 7,
        field_data: { subtype: 'custom', url_pattern: 'https://social.example/@%(username)s' },
      });
      const pronouns = await create({ name: 'Pronouns', field_type: 8, hint: 'they/them?' });
      const listed = await fields();
      expect(listed.map((field) => field.id)).toEqual([phone, bio, editor, birthday, site, mentor, github, custom, pronouns]);
      expect(listed[0]).toEqual({
        id: phone, name: 'Phone', type: 1, hint: 'Work phone', field_data: '', order: phone, required: true, editable_by_user: false,
      });
      expect(listed[2]).toEqual({
        id: editor, name: 'Editor', type: 3, hint: '',
        field_data: '{"vim":{"text":"Vim","order":"1"},"emacs":{"text":"Emacs","order":"2"}}',
        order: editor, required: false, editable_by_user: true, display_in_profile_summary: true,
      });
      // A built-in external account takes Zulip's label and keeps only its subtype.
      expect(listed[6]).toMatchObject({ name: 'GitHub username', hint: '', field_data: '{"subtype":"github"}' });
      expect(listed[7]).toMatchObject({ field_data: '{"subtype":"custom","url_pattern":"https://social.example/@%(username)s"}' });
      expect(listed[8]).not.toHaveProperty('display_in_profile_summary');
    });

    it('refuses bad definitions with Zulip\'s errors', async () => {
      expectError(await admin.api.post('realm/profile_fields', { name: 'X' }), "Missing 'field_type' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'field_type' });
      expectError(await admin.api.post('realm/profile_fields', { name: ' ', field_type: 1 }), 'Label cannot be blank.');
      expectError(await admin.api.post('realm/profile_fields', { name: 'x'.repeat(41), field_type: 1 }), 'name is too long (limit: 40 characters)');
      expectError(await admin.api.post('realm/profile_fields', { name: 'X', hint: 'h'.repeat(81), field_type: 1 }), 'hint is too long (limit: 80 characters)');
      expectError(await admin.api.post('realm/profile_fields', { name: 'X', field_type: 9 }), 'Invalid field type.');
      expectError(await admin.api.post('realm/profile_fields', { name: 'Phone', field_type: 1 }), 'A field with that label already exists.');
      expectError(await admin.api.post('realm/profile_fields', { name: 'List', field_type: 3, field_data: {} }), 'Field must have at least one choice.');
      expectError(
        await admin.api.post('realm/profile_fields', { name: 'List', field_type: 3, field_data: { a: { text: 'A', order: '1' }, b: { text: 'A', order: '2' } } }),
        'Field must not have duplicate choices.',
      );
      expectError(await admin.api.post('realm/profile_fields', { name: 'Acct', field_type: 7, field_data: { subtype: 'myspace' } }), 'Invalid external account type');
      expectError(
        await admin.api.post('realm/profile_fields', { name: 'Acct', field_type: 7, field_data: { subtype: 'custom' } }),
        'Custom external account must define URL pattern',
      );
      expectError(
        await admin.api.post('realm/profile_fields', { name: 'Acct', field_type: 7, field_data: { subtype: 'custom', url_pattern: 'https://x.example/' } }),
        "URL pattern must contain '%(username)s'.",
      );
      expectError(await admin.api.post('realm/profile_fields', { name: 'Bad', field_type: 1, field_data: '[1]' }), 'field_data is not a dict');
      expectError(
        await admin.api.post('realm/profile_fields', { name: 'Long', field_type: 2, display_in_profile_summary: true }),
        'Field type not supported for display in profile summary.',
      );
    });

    it('shows at most two fields in the profile summary', async () => {
      const listed = await fields();
      const website = listed.find((field) => field.name === 'Website') as Json;
      expectSuccess(await admin.api.patch(`realm/profile_fields/${website.id}`, { display_in_profile_summary: true }));
      const message = 'Only 2 custom profile fields can be displayed in the profile summary.';
      expectError(await admin.api.post('realm/profile_fields', { name: 'Third', field_type: 1, display_in_profile_summary: true }), message);
      const phone = listed.find((field) => field.name === 'Phone') as Json;
      expectError(await admin.api.patch(`realm/profile_fields/${phone.id}`, { display_in_profile_summary: true }), message);
      // The field that already shows may say so again.
      expectSuccess(await admin.api.patch(`realm/profile_fields/${website.id}`, { display_in_profile_summary: true }));
      expectSuccess(await admin.api.patch(`realm/profile_fields/${website.id}`, { display_in_profile_summary: false }));
    });

    it('updates fields partially, and guards built-in external accounts', async () => {
      const listed = await fields();
      const phone = listed.find((field) => field.name === 'Phone') as Json;
      expectSuccess(await admin.api.patch(`realm/profile_fields/${phone.id}`, { name: ' Mobile ', required: false, editable_by_user: true }));
      expect((await fields()).find((field) => field.id === phone.id)).toMatchObject({ name: 'Mobile', hint: 'Work phone', required: false, editable_by_user: true });
      expectError(await admin.api.patch(`realm/profile_fields/${phone.id}`, { name: 'Biography' }), 'A field with that label already exists.');
      expectError(await admin.api.patch(`realm/profile_fields/${phone.id}`, { name: '' }), 'Label cannot be blank.');
      expectError(await admin.api.patch('realm/profile_fields/999999', { name: 'X' }), 'Field id 999999 not found.');
      const github = listed.find((field) => field.name === 'GitHub username') as Json;
      expectError(await admin.api.patch(`realm/profile_fields/${github.id}`, { name: 'Code' }), 'Default custom field cannot be updated.');
      expectSuccess(await admin.api.patch(`realm/profile_fields/${github.id}`, { name: 'GitHub username', display_in_profile_summary: true }));
      expectSuccess(await admin.api.patch(`realm/profile_fields/${github.id}`, { display_in_profile_summary: false }));
    });

    it('lets no member manage fields', async () => {
      const [first] = await fields();
      for (const response of [
        await alice.api.post('realm/profile_fields', { name: 'Mine', field_type: 1 }),
        await alice.api.patch(`realm/profile_fields/${first.id}`, { name: 'Mine' }),
        await alice.api.delete(`realm/profile_fields/${first.id}`),
        await alice.api.patch('realm/profile_fields', { order: (await fields()).map((field) => field.id) }),
      ]) {
        expectError(response, ...ADMIN_REQUIRED);
      }
      expect((await fields())[0]).toEqual(first);
    });
  });

  describe('PATCH /realm/profile_fields (reorder)', () => {
    it('orders fields by their place in the list', async () => {
      const ids = (await fields()).map((field) => field.id);
      const reversed = [...ids].reverse();
      expectSuccess(await owner.api.patch('realm/profile_fields', { order: reversed }));
      const listed = await fields();
      expect(listed.map((field) => field.id)).toEqual(reversed);
      expect(listed.map((field) => field.order)).toEqual(reversed.map((_, index) => index));
      expectSuccess(await admin.api.patch('realm/profile_fields', { order: ids }));
      expect((await fields()).map((field) => field.id)).toEqual(ids);
    });

    it('answers every error of the reorder endpoint', async () => {
      const ids = (await fields()).map((field) => field.id);
      expectError(await alice.api.patch('realm/profile_fields', { order: ids }), ...ADMIN_REQUIRED);
      expectError(await admin.api.patch('realm/profile_fields', {}), "Missing 'order' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'order' });
      expectError(await admin.api.patch('realm/profile_fields', { order: ids.slice(1) }), 'Invalid order mapping.');
      expectError(await admin.api.patch('realm/profile_fields', { order: [] }), 'Invalid order mapping.');
      expectError(await admin.api.patch('realm/profile_fields', { order: '5' }), 'order is not a list');
      expectError(await admin.api.patch('realm/profile_fields', { order: ['a', ...ids] }), 'order[0] is not an integer');
      expectError(await admin.api.patch('realm/profile_fields', { order: 'not json' }), 'order is not valid JSON');
      expect((await fields()).map((field) => field.id)).toEqual(ids);
    });
  });

  describe("users' values", () => {
    let byName: Record<string, Json>;

    beforeAll(async () => {
      byName = Object.fromEntries((await fields()).map((field) => [field.name, field]));
    });

    it('stores values of every type; text fields are rendered as Markdown', async () => {
      const data = [
        { id: byName.Mobile.id, value: '+1 **555**' },
        { id: byName.Biography.id, value: 'Hello *world*' },
        { id: byName.Editor.id, value: 'vim' },
        { id: byName.Birthday.id, value: '1990-02-28' },
        { id: byName.Website.id, value: 'https://alice.example/' },
        { id: byName.Mentor.id, value: [bob.userId] },
        { id: byName['GitHub username'].id, value: 'alice' },
        { id: byName.Pronouns.id, value: 'she/her' },
      ];
      expectSuccess(await alice.api.patch('users/me/profile_data', { data }));
      expect(await profileOf(alice)).toEqual({
        [byName.Mobile.id]: { value: '+1 **555**', rendered_value: '<p>+1 <strong>555</strong></p>' },
        [byName.Biography.id]: { value: 'Hello *world*', rendered_value: '<p>Hello <em>world</em></p>' },
        [byName.Editor.id]: { value: 'vim' },
        [byName.Birthday.id]: { value: '1990-02-28' },
        [byName.Website.id]: { value: 'https://alice.example/' },
        [byName.Mentor.id]: { value: `[${bob.userId}]` },
        [byName['GitHub username'].id]: { value: 'alice' },
        [byName.Pronouns.id]: { value: 'she/her' },
      });
      const me = await alice.api.get('users/me');
      expect(me.body.profile_data).toEqual(await profileOf(alice));
      // Without include_custom_profile_fields, GET /users has no profile data.
      const plain = await owner.api.get('users');
      expect((plain.body.members as Json[]).every((member) => !('profile_data' in member))).toBe(true);
    });

    it("refuses values with Zulip's errors and writes none of a failing request", async () => {
      const before = await profileOf(alice);
      const cases: [unknown, string][] = [
        [[{ id: 999999, value: 'x' }], 'Field id 999999 not found.'],
        [[{ id: byName.Biography.id, value: 'x'.repeat(501) }], 'Biography is too long (limit: 500 characters)'],
        [[{ id: byName.Pronouns.id, value: 'x'.repeat(51) }], 'Pronouns is too long (limit: 50 characters)'],
        [[{ id: byName.Birthday.id, value: '1990-02-30' }], 'Birthday is not a date'],
        [[{ id: byName.Website.id, value: 'alice' }], 'Website is not a URL'],
        [[{ id: byName.Editor.id, value: 'nano' }], "'nano' is not a valid choice for 'Editor'."],
        [[{ id: byName.Mentor.id, value: [999999] }], 'Invalid user IDs: 999999'],
        [[{ id: byName.Mentor.id, value: [gone.userId] }], `User with ID ${gone.userId} is deactivated`],
        [[{ id: byName.Mentor.id, value: [bot.userId] }], `User with ID ${bot.userId} is a bot`],
        [[{ id: byName.Mentor.id, value: 'bob' }], 'User IDs is not a list'],
        [[{ id: byName.Biography.id, value: 'fine' }, { id: byName.Birthday.id, value: 'soon' }], 'Birthday is not a date'],
        [[{ id: byName.Biography.id }], 'value key is missing from data[0]'],
        [{ id: 1 }, 'data is not a list'],
      ];
      for (const [data, message] of cases) expectError(await alice.api.patch('users/me/profile_data', { data }), message);
      expect(await profileOf(alice)).toEqual(before);
    });

    it('keeps fields not editable by users for administrators', async () => {
      expectSuccess(await admin.api.patch(`realm/profile_fields/${byName.Mobile.id}`, { editable_by_user: false }));
      const message = 'You are not allowed to change this field. Contact an administrator to update it.';
      expectError(await bob.api.patch('users/me/profile_data', { data: [{ id: byName.Mobile.id, value: '1' }] }), message);
      expectError(await alice.api.delete('users/me/profile_data', { data: [byName.Mobile.id] }), message);
      expectSuccess(await admin.api.patch('users/me/profile_data', { data: [{ id: byName.Mobile.id, value: '2' }] }));
      expectSuccess(await admin.api.patch(`realm/profile_fields/${byName.Mobile.id}`, { editable_by_user: true }));
    });

    it('removes values, ignoring fields without one', async () => {
      expectSuccess(await alice.api.delete('users/me/profile_data', { data: [byName.Pronouns.id, byName.Mobile.id] }));
      expectSuccess(await alice.api.delete('users/me/profile_data', { data: [byName.Pronouns.id] }));
      expect(await profileOf(alice)).not.toHaveProperty(String(byName.Pronouns.id));
      expectError(await alice.api.delete('users/me/profile_data', { data: [999999] }), 'Field id 999999 not found.');
    });

    it('refuses bots', async () => {
      const message = 'This endpoint does not accept bot requests.';
      expectError(await bot.api.patch('users/me/profile_data', { data: [{ id: byName.Pronouns.id, value: 'it' }] }), message);
      expectError(await bot.api.delete('users/me/profile_data', { data: [byName.Pronouns.id] }), message);
    });

    it("lets an administrator set and clear another person's values with PATCH /users/{id} (profile_data), as Zulip's update_user_backend", async () => {
      const queue = await Queue.register(bob.api, { event_types: ['realm_user'] });
      const data = [{ id: byName.Pronouns.id, value: 'he/him' }, { id: byName.Mobile.id, value: '+44 1' }];
      expectSuccess(await admin.api.patch(`users/${bob.userId}`, { profile_data: data }));
      expect(await profileOf(bob)).toEqual(expect.objectContaining({ [byName.Pronouns.id]: { value: 'he/him' } }));
      const [event] = await queue.takeWhere(1, (candidate: Event) => candidate.type === 'realm_user' && candidate.person?.custom_profile_field?.id === byName.Mobile.id);
      expect(event.person).toEqual({ user_id: bob.userId, custom_profile_field: { id: byName.Mobile.id, value: '+44 1', rendered_value: '<p>+44 1</p>' } });
      // An empty value or null clears the field; one bad value writes nothing.
      expectSuccess(await admin.api.patch(`users/${bob.userId}`, { profile_data: [{ id: byName.Pronouns.id, value: '' }, { id: byName.Mobile.id, value: null }] }));
      const cleared = await profileOf(bob);
      expect(cleared).not.toHaveProperty(String(byName.Pronouns.id));
      expect(cleared).not.toHaveProperty(String(byName.Mobile.id));
      expectError(await admin.api.patch(`users/${bob.userId}`, { profile_data: [{ id: byName.Pronouns.id, value: 'x' }, { id: byName.Birthday.id, value: 'soon' }] }), 'Birthday is not a date');
      expect(await profileOf(bob)).not.toHaveProperty(String(byName.Pronouns.id));
      expectError(await admin.api.patch(`users/${bob.userId}`, { profile_data: [{ id: 999999, value: 'x' }] }), 'Field id 999999 not found.');
      expectError(await alice.api.patch(`users/${bob.userId}`, { profile_data: [{ id: byName.Pronouns.id, value: 'x' }] }), 'Insufficient permission');
      expectError(await admin.api.patch(`users/${bob.userId}`, { profile_data: { id: 1 } }), 'profile_data is not a list');
    });

    it('drops values of removed choices, and values of deleted fields', async () => {
      expectSuccess(await bob.api.patch('users/me/profile_data', { data: [{ id: byName.Editor.id, value: 'emacs' }] }));
      expectSuccess(await admin.api.patch(`realm/profile_fields/${byName.Editor.id}`, { field_data: { vim: { text: 'Vim', order: '1' } } }));
      expect(await profileOf(bob)).not.toHaveProperty(String(byName.Editor.id));
      expect((await profileOf(alice))[byName.Editor.id]).toEqual({ value: 'vim' });
      const temp = await create({ name: 'Temporary', field_type: 1 });
      expectSuccess(await bob.api.patch('users/me/profile_data', { data: [{ id: temp, value: 'soon gone' }] }));
      expectSuccess(await admin.api.delete(`realm/profile_fields/${temp}`));
      expect(await profileOf(bob)).not.toHaveProperty(String(temp));
      expect((await fields()).some((field) => field.id === temp)).toBe(false);
      expectError(await admin.api.delete(`realm/profile_fields/${temp}`), `Field id ${temp} not found.`);
    });
  });

  describe('events and register state', () => {
    const EVENT_TYPES = ['custom_profile_fields', 'realm_user'];

    /** Applies events to register state as a client does. */
    function apply(state: Json, events: Event[]): Json {
      const result: Json = JSON.parse(JSON.stringify(state));
      for (const event of events) {
        if (event.type === 'custom_profile_fields') result.custom_profile_fields = event.fields;
        if (event.type === 'realm_user' && event.op === 'update' && event.person.custom_profile_field) {
          const user = (result.realm_users as Json[]).find((person) => person.user_id === event.person.user_id) as Json;
          const { id, value, rendered_value: rendered } = event.person.custom_profile_field;
          if (value === null) delete user.profile_data[id];
          else user.profile_data[id] = rendered === undefined ? { value } : { value, rendered_value: rendered };
        }
      }
      return result;
    }

    async function register(user: TestUser): Promise<{ queue: Queue; state: Json }> {
      const response = await user.api.post('register', { event_types: EVENT_TYPES, fetch_event_types: EVENT_TYPES });
      expect(response.status).toBe(200);
      return { queue: new Queue(user.api, response.body.queue_id, response.body.last_event_id), state: response.body };
    }

    it('register carries the fields, their types and every user\'s profile data', async () => {
      const { state } = await register(bob);
      expect(state.custom_profile_fields).toEqual(await fields());
      expect(state.custom_profile_field_types.SHORT_TEXT).toEqual({ id: 1, name: 'Text (short)' });
      expect(Object.keys(state.custom_profile_field_types)).toHaveLength(8);
      const aliceEntry = (state.realm_users as Json[]).find((user) => user.user_id === alice.userId) as Json;
      expect(aliceEntry.profile_data).toEqual(await profileOf(alice));
    });

    it('sends custom_profile_fields and realm_user updates; state plus events equals a fresh register', async () => {
      const { queue, state } = await register(bob);
      const created = await create({ name: 'Team', field_type: 1 });
      const ids = (await fields()).map((field) => field.id);
      expectSuccess(await admin.api.patch('realm/profile_fields', { order: [created, ...ids.filter((id) => id !== created)] }));
      expectSuccess(await admin.api.patch(`realm/profile_fields/${created}`, { hint: 'Which team?' }));
      expectSuccess(await alice.api.patch('users/me/profile_data', { data: [{ id: created, value: 'Core _team_' }] }));
      // The same value again changes nothing and sends nothing.
      expectSuccess(await alice.api.patch('users/me/profile_data', { data: [{ id: created, value: 'Core _team_' }] }));
      expectSuccess(await alice.api.delete('users/me/profile_data', { data: [created] }));
      expectSuccess(await alice.api.patch('users/me/profile_data', { data: [{ id: created, value: 'Infra' }] }));
      const events = await queue.take(6);
      expect(await queue.drain()).toEqual([]);
      expect(events.map((event) => event.type)).toEqual([
        'custom_profile_fields', 'custom_profile_fields', 'custom_profile_fields', 'realm_user', 'realm_user', 'realm_user',
      ]);
      expect(events[0].fields.find((field: Json) => field.id === created)).toEqual({
        id: created, name: 'Team', type: 1, hint: '', field_data: '', order: created, required: false, editable_by_user: true,
      });
      expect(events[3]).toEqual({
        id: events[3].id, type: 'realm_user', op: 'update',
        person: { user_id: alice.userId, custom_profile_field: { id: created, value: 'Core _team_', rendered_value: '<p>Core _team_</p>' } },
      });
      expect(events[4].person).toEqual({ user_id: alice.userId, custom_profile_field: { id: created, value: null } });
      expect(events[5].person.custom_profile_field).toEqual({ id: created, value: 'Infra', rendered_value: '<p>Infra</p>' });
      const fresh = await register(bob);
      const applied = apply(state, events);
      expect(applied.custom_profile_fields).toEqual(fresh.state.custom_profile_fields);
      expect(applied.realm_users).toEqual(fresh.state.realm_users);
    });
  });
});
