import { randomBytes } from 'node:crypto';
import { Api, createBot, createTestRealm, expectError, expectSuccess, TestRealm, TestUser } from './support/api';

/**
 * `GET/PUT/DELETE /bot_storage`, as zulip_bots' StateHandler calls it: the Python bindings
 * send GET parameters in the query string and PUT/DELETE parameters as a form, lists and
 * objects as JSON text.
 */

type Json = Record<string, unknown>;

/** Zulip's `USER_STATE_SIZE_LIMIT`. */
const LIMIT = 10_000_000;

async function storageOf(api: Api): Promise<Json> {
  const response = await api.get('bot_storage');
  expect(response.status).toBe(200);
  return response.body.storage as Json;
}

describe('bot storage', () => {
  let realm: TestRealm;
  let owner: TestUser;
  let bot: TestUser;
  let otherBot: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('botstore');
    owner = await realm.createUser('Bot Owner');
    bot = await createBot(realm, owner.api, 'incrementor', 'Incrementor');
    otherBot = await createBot(realm, owner.api, 'virtualfs', 'Virtual FS');
  });

  it("answers the incrementor bot's calls", async () => {
    // StateHandler.put: update_storage({"storage": {key: json.dumps(value)}}), form-encoded.
    expectSuccess(await bot.api.put('bot_storage', { storage: '{"number": "1"}' }));
    // StateHandler.get: get_storage({"keys": [key]}), in the query string.
    expectSuccess(await bot.api.get('bot_storage', { keys: '["number"]' }), { storage: { number: '1' } });
    // The older StateHandler read everything at start-up: get_storage() without parameters.
    expectSuccess(await bot.api.get('bot_storage'), { storage: { number: '1' } });
  });

  it('overwrites keys, stores several at once and lists them all', async () => {
    expectSuccess(await bot.api.put('bot_storage', { storage: { number: '2', message_id: 'null' } }));
    expectSuccess(await bot.api.put('bot_storage', { storage: { message_id: '42', 'ключ 🐙': 'значение' } }));
    expect(await storageOf(bot.api)).toEqual({ number: '2', message_id: '42', 'ключ 🐙': 'значение' });
    expectSuccess(await bot.api.get('bot_storage', { keys: ['message_id', 'number'] }), { storage: { message_id: '42', number: '2' } });
    expectSuccess(await bot.api.get('bot_storage', { keys: [] }), { storage: {} });
    // `null` is Zulip's "no keys given": every key.
    expect((await bot.api.get('bot_storage', { keys: null })).body.storage).toEqual(await storageOf(bot.api));
    // A key JavaScript objects treat specially is stored as any other.
    expectSuccess(await bot.api.put('bot_storage', { storage: '{"__proto__": "plain"}' }));
    expectSuccess(await bot.api.get('bot_storage', { keys: ['__proto__'] }), { storage: JSON.parse('{"__proto__": "plain"}') as Json });
    expectSuccess(await bot.api.delete('bot_storage', { keys: ['__proto__'] }));
    // Zulip limits a key's length no more than its value's; a btree index would (see the migration).
    // 6,000 random characters: far over a btree entry's limit even compressed, and still a GET's URL.
    const longKey = randomBytes(4_500).toString('base64');
    expectSuccess(await bot.api.put('bot_storage', { storage: { [longKey]: 'first' } }));
    expectSuccess(await bot.api.put('bot_storage', { storage: { [longKey]: 'second' } }));
    expectSuccess(await bot.api.get('bot_storage', { keys: [longKey] }), { storage: { [longKey]: 'second' } });
    expectSuccess(await bot.api.delete('bot_storage', { keys: [longKey] }));
  });

  it('removes the keys named, all of them or none', async () => {
    expectSuccess(await bot.api.delete('bot_storage', { keys: ['message_id'] }));
    expect(await storageOf(bot.api)).toEqual({ number: '2', 'ключ 🐙': 'значение' });
    expectError(await bot.api.delete('bot_storage', { keys: ['message_id'] }), 'Key does not exist.');
    expectError(await bot.api.get('bot_storage', { keys: ['number', 'message_id'] }), 'Key does not exist.');
    // One missing key fails the request: the other stays.
    expectError(await bot.api.delete('bot_storage', { keys: ['number', 'message_id'] }), 'Key does not exist.');
    // Zulip counts the rows found against the list: a key named twice is one too many.
    expectError(await bot.api.delete('bot_storage', { keys: ['number', 'number'] }), 'Key does not exist.');
    expect(await storageOf(bot.api)).toEqual({ number: '2', 'ключ 🐙': 'значение' });
    expectSuccess(await bot.api.delete('bot_storage', { keys: [] }));
    expect(Object.keys(await storageOf(bot.api))).toHaveLength(2);
    // Without keys: everything goes.
    expectSuccess(await bot.api.delete('bot_storage'));
    expect(await storageOf(bot.api)).toEqual({});
    expectSuccess(await bot.api.delete('bot_storage'));
  });

  it("refuses what is not a dict of strings or a list of strings, in Zulip's words", async () => {
    expectError(await bot.api.put('bot_storage', { storage: { number: 1 } }), 'storage["number"] is not a string');
    expectError(await bot.api.put('bot_storage', { storage: { number: null } }), 'storage["number"] is not a string');
    expectError(await bot.api.put('bot_storage', { storage: ['number', '1'] }), 'storage is not a dict');
    expectError(await bot.api.put('bot_storage', { storage: 'number=1' }), 'storage is not valid JSON');
    expectError(await bot.api.put('bot_storage'), "Missing 'storage' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'storage' });
    expectError(await bot.api.get('bot_storage', { keys: [1] }), 'keys[0] is not a string');
    expectError(await bot.api.get('bot_storage', { keys: 'number' }), 'keys is not valid JSON');
    expectError(await bot.api.delete('bot_storage', { keys: { number: '1' } }), 'keys is not a list');
    expect(await storageOf(bot.api)).toEqual({});
  });

  it("keeps each bot's storage its own", async () => {
    expectSuccess(await bot.api.put('bot_storage', { storage: { number: '7' } }));
    expectSuccess(await otherBot.api.put('bot_storage', { storage: { '/': 'a directory' } }));
    expect(await storageOf(otherBot.api)).toEqual({ '/': 'a directory' });
    expectError(await otherBot.api.get('bot_storage', { keys: ['number'] }), 'Key does not exist.');
    expectError(await otherBot.api.delete('bot_storage', { keys: ['number'] }), 'Key does not exist.');
    expectSuccess(await otherBot.api.put('bot_storage', { storage: { number: '100' } }));
    expectSuccess(await otherBot.api.delete('bot_storage'));
    expect(await storageOf(otherBot.api)).toEqual({});
    expect(await storageOf(bot.api)).toEqual({ number: '7' });
  });

  it('serves people too, as Zulip does, but not incoming-webhook bots', async () => {
    // Zulip's view takes any user_profile: a person's storage is theirs alone.
    expectSuccess(await owner.api.put('bot_storage', { storage: { draft: 'mine' } }));
    expect(await storageOf(owner.api)).toEqual({ draft: 'mine' });
    expect(await storageOf(bot.api)).toEqual({ number: '7' });
    const made = await owner.api.post('bots', { short_name: 'hookstore', full_name: 'Hook Store', bot_type: 2 });
    expect(made.status).toBe(200);
    const hook = realm.api.as({ email: `hookstore-bot@${realm.subdomain}.localhost`, apiKey: made.body.api_key as string });
    const refused = { result: 'error', msg: 'This API is not available to incoming webhook bots.', code: 'UNAUTHORIZED' };
    for (const answer of [await hook.get('bot_storage'), await hook.put('bot_storage', { storage: { a: 'b' } }), await hook.delete('bot_storage')]) {
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 401, body: refused });
    }
  });

  it("counts keys and values in characters against Zulip's limit", async () => {
    const sizer = await createBot(realm, owner.api, 'sizer', 'Sizer');
    const chunk = 4_000_000;
    expectSuccess(await sizer.api.put('bot_storage', { storage: { a: 'a'.repeat(chunk) } }));
    expectSuccess(await sizer.api.put('bot_storage', { storage: { b: 'b'.repeat(chunk) } }));
    const room = LIMIT - 2 * (chunk + 1);
    // Over the limit by 3: nothing of the request is stored.
    expectError(
      await sizer.api.put('bot_storage', { storage: { c: 'c'.repeat(room - 1), d: 'dd' } }),
      `Request exceeds storage limit by 3 characters. The limit is ${LIMIT} characters.`,
    );
    expectError(await sizer.api.get('bot_storage', { keys: ['c'] }), 'Key does not exist.');
    // Exactly at the limit; the emoji counts one character (two in UTF-16).
    expectSuccess(await sizer.api.put('bot_storage', { storage: { c: `${'c'.repeat(room - 2)}🐙` } }));
    expectError(await sizer.api.put('bot_storage', { storage: { e: '' } }), `Request exceeds storage limit by 1 characters. The limit is ${LIMIT} characters.`);
    // Overwriting a key counts its new value instead of its old one.
    expectSuccess(await sizer.api.put('bot_storage', { storage: { a: 'a'.repeat(chunk - 1), e: '' } }));
    expectSuccess(await sizer.api.get('bot_storage', { keys: ['e'] }), { storage: { e: '' } });
    expectSuccess(await sizer.api.delete('bot_storage', { keys: ['a', 'b'] }));
    expect(Object.keys(await storageOf(sizer.api))).toEqual(['c', 'e']);
  }, 120_000);

  it('holds the limit against writes at the same time', async () => {
    const racer = await createBot(realm, owner.api, 'racer', 'Racer');
    // Five entries of a quarter of the limit each: whatever the order, four fit and one does not.
    const quarter = LIMIT / 4;
    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((key) => racer.api.put('bot_storage', { storage: { [key]: 'x'.repeat(quarter - 1) } })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 400]);
    expect(answers.find((answer) => answer.status === 400)?.body.msg).toBe(`Request exceeds storage limit by ${quarter} characters. The limit is ${LIMIT} characters.`);
    const kept = await storageOf(racer.api);
    expect(Object.values(kept).reduce((sum: number, value) => sum + 1 + String(value).length, 0)).toBe(LIMIT);
    expectSuccess(await racer.api.delete('bot_storage'));
  }, 120_000);
});
