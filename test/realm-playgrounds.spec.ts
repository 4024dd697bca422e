import { ApiResponse, createTestRealm, expectError, ok, TestRealm, TestUser, uniqueName } from './support/api';
import { Queue } from './support/queue';

/**
 * Code playgrounds (`POST /realm/playgrounds`, `DELETE /realm/playgrounds/{id}`) as Zulip
 * 10.2 serves them: administrators only, the model's validation in Django's words, and the
 * whole list in register's `realm_playgrounds` and in `realm_playgrounds` events for everyone.
 */

type Json = Record<string, unknown>;

const adminRequired = { status: 400, body: { result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' } };

async function playgroundsOf(user: { api: TestUser['api'] }): Promise<Json[]> {
  return ok(await user.api.post('register', { fetch_event_types: ['realm_playgrounds'] })).realm_playgrounds as Json[];
}

/** A failed `full_clean()`: the first message, and every message by field. */
function expectValidationFailure(response: ApiResponse, errors: Record<string, string[]>): void {
  expectError(response, Object.values(errors)[0][0], 'BAD_REQUEST', { errors });
}

describe('realm playgrounds', () => {
  let realm: TestRealm;
  let admin: TestUser;
  let member: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('playgrounds');
    admin = await realm.createUser('Ada Admin', 'administrator');
    member = await realm.createUser('Mo Member');
    guest = await realm.createUser('Gil Guest', 'guest');
  });

  it('adds and removes playgrounds, telling everyone the whole list', async () => {
    const queues = await Promise.all([member, guest].map((user) => Queue.register(user.api, { event_types: ['realm_playgrounds'] })));
    const python = ok(await admin.api.post('realm/playgrounds', {
      name: '  Python playground ', pygments_language: 'Python\n', url_template: ' https://python.example.com?code={code} ',
    })).id as number;
    const rust = ok(await realm.ownerApi.post('realm/playgrounds', { name: 'Rust', pygments_language: 'Rust', url_template: 'https://play.rust-lang.org/?code={code}' })).id as number;
    const first = { id: python, name: 'Python playground', pygments_language: 'Python', url_template: 'https://python.example.com?code={code}' };
    const second = { id: rust, name: 'Rust', pygments_language: 'Rust', url_template: 'https://play.rust-lang.org/?code={code}' };
    expect(await playgroundsOf(guest)).toEqual([first, second]);
    expect(ok(await admin.api.delete(`realm/playgrounds/${python}`))).toEqual({ result: 'success', msg: '' });
    expect(await playgroundsOf(member)).toEqual([second]);
    for (const queue of queues) {
      expect((await queue.take(3)).map(({ id: _id, ...event }) => event)).toEqual([
        { type: 'realm_playgrounds', realm_playgrounds: [first] },
        { type: 'realm_playgrounds', realm_playgrounds: [first, second] },
        { type: 'realm_playgrounds', realm_playgrounds: [second] },
      ]);
    }
    ok(await admin.api.delete(`realm/playgrounds/${rust}`));
  });

  it('is for administrators: others are refused before anything they sent is read', async () => {
    for (const user of [member, guest]) {
      for (const answer of [
        await user.api.post('realm/playgrounds', { name: 'Mine', pygments_language: 'Go', url_template: 'https://go.dev/play?code={code}' }),
        await user.api.post('realm/playgrounds'),
        await user.api.delete('realm/playgrounds/1'),
        await user.api.delete('realm/playgrounds/abc'),
      ]) {
        expect({ status: answer.status, body: answer.body }).toEqual(adminRequired);
      }
    }
    expect(await playgroundsOf(member)).toEqual([]);
  });

  it("refuses missing and malformed fields in Zulip's order and words", async () => {
    const post = (params: Json) => admin.api.post('realm/playgrounds', params);
    const valid = { name: 'Go', pygments_language: 'Go', url_template: 'https://go.dev/play?code={code}' };
    expectError(await post({ pygments_language: 'Go', url_template: valid.url_template }), "Missing 'name' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'name' });
    expectError(await post({ name: 'Go', pygments_language: 'Go' }), "Missing 'url_template' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'url_template' });
    expectError(await post({ name: 'Go', url_template: valid.url_template }), "Missing 'pygments_language' argument", 'REQUEST_VARIABLE_MISSING', {
      var_name: 'pygments_language',
    });
    expectError(await post({ ...valid, pygments_language: 'x'.repeat(41) }), 'pygments_language is too long (limit: 40 characters)');
    expectError(await post({ ...valid, pygments_language: 'Go!' }), 'Invalid characters in pygments language');
    expectValidationFailure(await post({ ...valid, name: '   ' }), { name: ['This field cannot be blank.'] });
    expectValidationFailure(await post({ ...valid, pygments_language: ' ' }), { pygments_language: ['This field cannot be blank.'] });
    expectValidationFailure(await post({ ...valid, url_template: '' }), {
      url_template: ['This field cannot be blank.'],
      __all__: ['Missing the required variable "code" in the URL template'],
    });
    expectValidationFailure(await post({ ...valid, url_template: 'https://go.dev/play?code={code' }), { url_template: ['Invalid URL template.'] });
    expectValidationFailure(await post({ ...valid, url_template: 'https://go.dev/play' }), { __all__: ['Missing the required variable "code" in the URL template'] });
    expectValidationFailure(await post({ ...valid, url_template: 'https://go.dev/{lang}?code={code}' }), {
      __all__: ['"code" should be the only variable present in the URL template'],
    });
    // Field errors come in the model's order: the template before the name.
    expectValidationFailure(await post({ name: '', pygments_language: 'Go', url_template: 'https://go.dev/{' }), {
      url_template: ['Invalid URL template.'],
      name: ['This field cannot be blank.'],
    });
    expect(await playgroundsOf(admin)).toEqual([]);
  });

  it('keeps one playground per language and name', async () => {
    const name = uniqueName('Kotlin');
    const first = ok(await admin.api.post('realm/playgrounds', { name, pygments_language: 'Kotlin', url_template: 'https://play.kotlinlang.org/?code={code}' })).id as number;
    expectValidationFailure(await admin.api.post('realm/playgrounds', { name: ` ${name} `, pygments_language: 'Kotlin', url_template: 'https://other.example/?code={code}' }), {
      __all__: ['Realm playground with this Realm, Pygments language and Name already exists.'],
    });
    // The same name for another language, or another name for the language, is another playground.
    const second = ok(await admin.api.post('realm/playgrounds', { name, pygments_language: 'Kotlin Script', url_template: 'https://other.example/?code={code}' })).id as number;
    const third = ok(await admin.api.post('realm/playgrounds', { name: `${name} 2`, pygments_language: 'Kotlin', url_template: 'https://other.example/#{code}' })).id as number;
    expect((await playgroundsOf(member)).map((playground) => playground.id)).toEqual([first, second, third]);
    for (const id of [first, second, third]) ok(await admin.api.delete(`realm/playgrounds/${id}`));
  });

  it('answers a missing playground, or another realm\'s, as invalid', async () => {
    const other = await createTestRealm('playgrounds-b');
    const theirs = ok(await other.ownerApi.post('realm/playgrounds', { name: 'Theirs', pygments_language: 'Haskell', url_template: 'https://haskell.example/?code={code}' })).id as number;
    expectError(await admin.api.delete(`realm/playgrounds/${theirs}`), 'Invalid playground');
    expectError(await admin.api.delete('realm/playgrounds/99999999'), 'Invalid playground');
    expectError(await admin.api.delete('realm/playgrounds/abc'), 'playground_id is not an integer');
    expect((await playgroundsOf({ api: other.ownerApi })).map((playground) => playground.id)).toEqual([theirs]);
    expect(await playgroundsOf(admin)).toEqual([]);
  });
});
