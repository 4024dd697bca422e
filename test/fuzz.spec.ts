import * as http from 'node:http';
import fc from 'fast-check';
import { Client } from 'pg';
import { OPERATIONS } from '../src/openapi/domain/operations';
import { createBot, createTestRealm, Credentials, ok, sendMessage, subscribeTo, TestRealm, testServer, TestUser } from './support/api';
import { fixtureSql, openFixtureClient } from './support/fixture-sql';
import { checkAgainstOpenApi } from './support/openapi-validator';
import { pngFile, postMultipart, textFile } from './support/multipart';
import { sleep } from './support/until';

/**
 * Property-based fuzzing of every route the server's OpenAPI document lists: each is sent
 * random, malformed and oversized parameters (by the documented parameter kinds), garbage
 * path parameters and unknown extras, as a member, an administrator or anonymously. Every
 * answer must be below 500, match the document, and an error must be Zulip's envelope and
 * leave the realm's rows exactly as they were.
 *
 * Deterministic generation: a fixed seed per route (derived from FUZZ_SEED, default below)
 * and a small number of runs per route (FUZZ_RUNS raises it for longer local runs). A
 * failure names the request it sent; the ids in it differ between runs, since the fixture
 * is made anew, but the same seed generates the same shapes. Routes that would
 * wreck the shared fixture when they succeed (deactivating users, archiving channels,
 * realm settings, ...) each get a fixture realm of their own, and those that act on the
 * caller themselves (deactivating or re-keying one's own account) a fresh user per run.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

type Kind = 'string' | 'int' | 'bool' | 'json';
type Runner = 'member' | 'admin' | 'owner' | 'anonymous' | 'fresh';

interface RouteParam {
  name: string;
  kind: Kind;
}

interface Route {
  key: string;
  method: string;
  path: string;
  pathParams: RouteParam[];
  params: RouteParam[];
  /** Statuses documented with a content type other than JSON (raw routes' HTML errors). */
  rawStatuses: Set<string>;
}

interface DocSchema {
  type?: string;
  description?: string;
}

interface DocParameter {
  name: string;
  in: string;
  schema?: DocSchema;
  content?: Record<string, unknown>;
}

interface DocOperation {
  parameters?: DocParameter[];
  requestBody?: {
    content: Record<string, { schema?: { properties?: Record<string, DocSchema> }; encoding?: Record<string, { contentType?: string }> }>;
  };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

interface Document {
  paths: Record<string, Record<string, DocOperation>>;
}

/**
 * Routes whose successful calls would spoil the shared fixture, by the realm of their own
 * they run in. Routes that only remove or reshape fixture objects share one ("content");
 * those that can lock the runners out (deactivating, demoting), reshape the whole realm,
 * or make bots whose outgoing webhooks deliver (and may answer) after the request, which
 * would change a realm's rows under another route's error check, each get their own.
 */
const OWN_REALM: Record<string, string> = {
  'DELETE /api/v1/messages/{message_id}': 'content',
  'PATCH /api/v1/messages/{message_id}': 'content',
  'POST /api/v1/streams/{stream_id}/delete_topic': 'content',
  'DELETE /api/v1/streams/{stream_id}': 'content',
  'PATCH /api/v1/streams/{stream_id}': 'content',
  'DELETE /api/v1/users/me/subscriptions': 'content',
  'POST /api/v1/user_groups/{user_group_id}/deactivate': 'content',
  'DELETE /api/v1/realm/profile_fields/{field_id}': 'content',
  'DELETE /api/v1/realm/filters/{filter_id}': 'content',
  'DELETE /api/v1/realm/emoji/{emoji_name}': 'content',
  'PATCH /api/v1/realm/user_settings_defaults': 'content',
  // These act on a fresh user per run: the other runners stay as they were.
  'DELETE /api/v1/users/me': 'content',
  'POST /api/v1/users/me/api_key/regenerate': 'content',
  'DELETE /api/v1/users/{user_id}': 'deactivate-user',
  'PATCH /api/v1/users/{user_id}': 'update-user',
  'POST /api/v1/users/{user_id}/reactivate': 'reactivate-user',
  'PATCH /api/v1/realm': 'realm',
  'POST /api/v1/realm/deactivate': 'deactivate-realm',
  'POST /api/v1/bots': 'create-bot',
  'PATCH /api/v1/bots/{bot_id}': 'update-bot',
  'DELETE /api/v1/bots/{bot_id}': 'deactivate-bot',
  'POST /api/v1/bots/{bot_id}/api_key/regenerate': 'bot-key',
  // A data export finishes in the background with the notification bot's direct message.
  'POST /api/v1/export/realm': 'export',
};

/**
 * Routes whose success starts work that finishes after the answer, changing the realm's
 * rows: each run waits for it (a query that is true while it is still going) so that a
 * later refused request is not blamed for the change.
 */
const SETTLES_AFTER: Record<string, string> = {
  'POST /api/v1/export/realm': 'SELECT 1 FROM realm_export WHERE realm_id = $1 AND status IN (1, 2) LIMIT 1',
};

/** Routes that act on the caller's own account: a fresh user per run. */
const FRESH_USER = new Set(['DELETE /api/v1/users/me', 'POST /api/v1/users/me/api_key/regenerate']);

// ---------------------------------------------------------------------------------------
// The corpus: routes and parameter kinds from the served OpenAPI document.

function kindOf(schema: DocSchema | undefined, json: boolean): Kind {
  if (json || schema?.description?.startsWith('JSON-encoded') === true) return 'json';
  if (schema?.type === 'integer') return 'int';
  if (schema?.type === 'boolean') return 'bool';
  if (schema?.type === 'string') return 'string';
  return 'json';
}

function routesOf(document: Document): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const pathParams = parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, kind: kindOf(p.schema, false) }));
      const params = parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, kind: kindOf(p.schema, p.content !== undefined) }));
      const form = operation.requestBody?.content['application/x-www-form-urlencoded'];
      for (const [name, schema] of Object.entries(form?.schema?.properties ?? {})) {
        params.push({ name, kind: kindOf(schema, form?.encoding?.[name]?.contentType === 'application/json') });
      }
      const rawStatuses = new Set(
        Object.entries(operation.responses)
          .filter(([, response]) => Object.keys(response.content ?? {}).some((type) => !type.startsWith('application/json')))
          .map(([status]) => status),
      );
      routes.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, pathParams, params, rawStatuses });
    }
  }
  return routes;
}

// ---------------------------------------------------------------------------------------
// Fixtures: a realm with a few users, channels, messages and realm objects whose ids and
// names the generators draw from.

interface Fixture {
  realm: TestRealm;
  realmId: number;
  admin: TestUser;
  member: TestUser;
  other: TestUser;
  /** Ids of every kind the fixture made: users, channels, messages, groups, fields, ... */
  ids: number[];
  /** Names and other strings that mean something here: channel names, emails, topics, ... */
  names: string[];
  streamIds: number[];
  userIds: number[];
  messageIds: number[];
  groupIds: number[];
  fieldId: number;
  uploadPaths: string[];
  /** A fresh member per run, for FRESH_USER routes. */
  freshUser(): Promise<TestUser>;
}

/** What a fixture makes beyond its users, channels, messages, group, field and linkifier. */
interface Extras {
  upload: boolean;
  emoji: boolean;
  bot: boolean;
}

const EVERYTHING: Extras = { upload: true, emoji: true, bot: true };

/** A route's own realm makes only what its routes act on: each extra costs seconds. */
function extrasFor(realm: string): Extras {
  return { upload: false, emoji: realm === 'content', bot: realm.includes('bot') };
}

async function buildFixture(prefix: string, extras: Extras): Promise<Fixture> {
  const realm = await createTestRealm(prefix);
  const [admin, member, other] = [await realm.createUser('Ada Admin'), await realm.createUser('Mia Member'), await realm.createUser('Oscar Other')];
  ok(await realm.ownerApi.patch(`users/${admin.userId}`, { role: 200 }), 'making an administrator');
  await subscribeTo(admin.api, 'fuzz public', {}, [admin.userId, member.userId, other.userId]);
  await subscribeTo(admin.api, 'fuzz private', { invite_only: true }, [admin.userId, member.userId]);
  const streamIds: number[] = [];
  for (const stream of ['fuzz public', 'fuzz private']) {
    streamIds.push(ok(await admin.api.get('get_stream_id', { stream }), 'get_stream_id').stream_id as number);
  }
  const messageIds = [
    await sendMessage(member.api, { type: 'stream', to: 'fuzz public', topic: 'lunch', content: 'hello @**Oscar Other**' }),
    await sendMessage(other.api, { type: 'stream', to: 'fuzz public', topic: 'lunch', content: 'hi there :smile:' }),
    await sendMessage(admin.api, { type: 'stream', to: 'fuzz private', topic: 'secrets', content: 'private words' }),
    await sendMessage(other.api, { type: 'direct', to: [member.userId], content: 'a direct message' }),
  ];
  ok(await member.api.post(`messages/${messageIds[1]}/reactions`, { emoji_name: 'smile' }), 'reacting');
  const group = ok(await admin.api.post('user_groups/create', { name: 'fuzzers', description: 'a team', members: [member.userId] }), 'group');
  const groups = ok(await admin.api.get('user_groups'), 'user_groups').user_groups as Array<{ id: number }>;
  const fieldId = ok(await admin.api.post('realm/profile_fields', { name: 'Team', field_type: 1 }), 'profile field').id as number;
  const filterId = ok(
    await admin.api.post('realm/filters', { pattern: 'FUZZ-(?P<id>[0-9]+)', url_template: 'https://example.com/{id}' }),
    'linkifier',
  ).id as number;
  const now = Math.floor(Date.now() / 1000);
  const draftIds = ok(
    await member.api.post('drafts', { drafts: [{ type: 'stream', to: [streamIds[0]], topic: 'lunch', content: 'draft', timestamp: now }] }),
    'draft',
  ).ids as number[];
  const upload = extras.upload ? ok(await postMultipart(member.api, 'user_uploads', [textFile()]), 'upload').url as string : '/user_uploads/1/ab/none.txt';
  const attachments = extras.upload ? ok(await member.api.get('attachments'), 'attachments').attachments as Array<{ id: number }> : [];
  if (extras.emoji) ok(await postMultipart(admin.api, 'realm/emoji/fuzzmoji', [await pngFile()]), 'custom emoji');
  const bot = extras.bot ? await createBot(realm, member.api, 'fuzzbot', 'Fuzz Bot') : null;
  const [{ id: realmId }] = await fixtureSql<{ id: number }>('SELECT id FROM realm WHERE string_id = $1', [realm.subdomain]);
  const userIds = [realm.owner.userId, admin.userId, member.userId, other.userId, ...(bot ? [bot.userId] : [])];
  const groupIds = [group.group_id as number, ...groups.map((g) => g.id)].filter((id) => typeof id === 'number');
  let fresh = 0;
  return {
    realm,
    realmId,
    admin,
    member,
    other,
    streamIds,
    userIds,
    messageIds,
    groupIds,
    fieldId,
    ids: [...userIds, ...streamIds, ...messageIds, ...groupIds, fieldId, filterId, ...draftIds, ...attachments.map((a) => a.id), realmId],
    names: [
      'fuzz public', 'fuzz private', 'lunch', 'secrets', 'fuzzers', 'Team', 'fuzzmoji', 'smile', 'Mia Member',
      realm.owner.email, admin.email, member.email, other.email, bot?.email ?? 'nobot@example.com', realm.subdomain,
    ],
    uploadPaths: [upload.slice('/user_uploads/'.length)],
    async freshUser() {
      fresh += 1;
      return realm.createUser(`Fresh ${fresh}`);
    },
  };
}

// ---------------------------------------------------------------------------------------
// Generators.

/**
 * Oversized values: 100,000 characters in a body. A query string travels in the request
 * head, which Node caps at 16 KiB (answered 431 in the envelope, see test/wire.spec.ts):
 * GET values stay under that, since a server that refuses a head mid-upload may reset the
 * connection before its answer is read, and the run would turn on timing.
 */
const HUGE_BODY = 100_000;
const HUGE_QUERY = 600;
/** The longest query string a GET run sends (fc.pre skips the rare run above it). */
const MAX_QUERY = 12_000;

function hostileValues(huge: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '', ' ', 'null', 'undefined', 'true', 'false', '[]', '{}', '""', '-1', '0', '1.5', '1e400', '-1e400', 'NaN', 'Infinity',
      '-9007199254740993', '9007199254740993', '2147483648', '-2147483649', '32768', '99999999999999999999999', '0x10', '1_000',
      '[', '{"', '[1,]', '"open', '{"a":}', '\u0000', 'a\u0000b', '\u202e\u200b\ufeff', '\ud800', '\udfff\ud800', '\uffff',
      '\u{1F4A5}', '%00', '../../etc/passwd', '<script>alert(1)</script>', "'; DROP TABLE message; --", '\\', '\r\n',
      'x'.repeat(huge), '\u{1F4A5}\u0000\u00e9'.repeat(huge / 4), `${'['.repeat(huge / 5)}${']'.repeat(huge / 5)}`,
      `${'{"a":'.repeat(huge / 20)}1${'}'.repeat(huge / 20)}`,
      '[1,2,3]', '["a","b"]', '[[1]]', '{"a":1}', '[{"x":null}]', '[-1]', '[1.5]',
    ),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)), maxLength: 12 }),
    fc.json({ maxDepth: 3 }),
    fc.integer().map(String),
    fc.double().map(String),
    fc.bigInt().map(String),
  );
}

/** Values no parameter should choke on: wrong types, malformed or deep JSON, huge, odd characters. */
const hostileInBody = hostileValues(HUGE_BODY);
const hostileInQuery = hostileValues(HUGE_QUERY);

/** Plausible values by parameter name, so that generation also reaches past validation. */
function hintsFor(name: string, f: Fixture): unknown[] {
  const streams = f.streamIds;
  const users = f.userIds;
  const messages = f.messageIds;
  const groups = f.groupIds;
  const table: Record<string, unknown[]> = {
    type: ['stream', 'channel', 'direct', 'private'],
    op: ['add', 'remove', 'start', 'stop', 'mute', 'unmute'],
    flag: ['read', 'starred', 'collapsed', 'mentioned', 'bogus'],
    anchor: ['newest', 'oldest', 'first_unread', 'date', ...messages.map(String)],
    propagate_mode: ['change_one', 'change_all', 'change_later'],
    reaction_type: ['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji'],
    emoji_name: ['smile', 'fuzzmoji', 'zulip', 'octopus'],
    emoji_code: ['1f642', 'zulip', '1'],
    status: ['active', 'idle'],
    property: ['color', 'is_muted', 'pin_to_top', 'desktop_notifications', 'in_home_view'],
    value: ['#ff0000', 'true', 'false'],
    to: [...streams.map(String), JSON.stringify([users[2]]), JSON.stringify(users.slice(1, 3)), 'fuzz public', JSON.stringify(['fuzz public'])],
    topic: ['lunch', '', 'new topic'],
    topic_name: ['lunch', 'secrets'],
    content: ['hello', '**bold** $$x^2$$ @**Mia Member** #**fuzz public**', '```\ncode\n```'],
    narrow: [
      [{ operator: 'channel', operand: 'fuzz public' }],
      [{ operator: 'stream', operand: streams[0] }, { operator: 'topic', operand: 'lunch' }],
      [['search', 'hello']],
      [{ operator: 'dm', operand: [users[3]] }],
      [{ operator: 'is', operand: 'starred', negated: true }],
      [{ operator: 'id', operand: messages[0] }],
    ],
    subscriptions: [[{ name: 'fuzz public' }], [{ name: 'fuzz new', description: 'd' }], ['fuzz public'], [streams[0]]],
    principals: [[users[2]], [f.member.email], users],
    messages: [messages, [messages[0]]],
    message_ids: [messages],
    drafts: [[{ type: 'stream', to: [streams[0]], topic: 'lunch', content: 'c', timestamp: 1_700_000_000 }], [{ type: 'private', to: [users[3]], topic: '', content: 'd' }]],
    draft: [{ type: 'stream', to: [streams[0]], topic: 't', content: 'c', timestamp: 1_700_000_000 }],
    data: [[{ id: f.fieldId, value: 'blue' }], [f.fieldId]],
    subscription_data: [[{ stream_id: streams[0], property: 'color', value: '#00ff00' }], [{ stream_id: streams[0], property: 'is_muted', value: true }]],
    alert_words: [['lunch', 'word']],
    event_types: [['message', 'realm_user'], ['bogus']],
    fetch_event_types: [['realm', 'subscription']],
    order: [[f.fieldId]],
    ordered_linkifier_ids: [[]],
    field_data: [{}, { a: { text: 'A', order: '1' } }],
    config_data: [{ key: 'value' }],
    add: [[users[3]], [groups[0]]],
    delete: [[users[2]], [groups[0]]],
    members: [[users[2], users[3]]],
    subgroups: [[groups[1]]],
    add_subgroups: [[groups[1]]],
    delete_subgroups: [[groups[1]]],
    password: ['user-password', 'owner-password'],
    username: [f.member.email, f.realm.owner.email],
    email: [f.other.email, 'someone@example.com'],
    msg_type: ['widget'],
    queue_id: ['1:abc', 'fuzz'],
  };
  const groupSetting = [groups[0], { direct_members: [users[2]], direct_subgroups: [groups[1]] }, { new: groups[0], old: groups[1] }];
  if (name.startsWith('can_') && name.endsWith('_group')) return groupSetting;
  return table[name] ?? [];
}

function encode(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function plausible(param: RouteParam, f: Fixture): fc.Arbitrary<string> {
  const hints = hintsFor(param.name, f).map(encode);
  const byKind: Record<Kind, fc.Arbitrary<string>> = {
    int: fc.oneof(fc.constantFrom(...f.ids), fc.integer({ min: -3, max: 100 })).map(String),
    bool: fc.constantFrom('true', 'false'),
    string: fc.oneof(fc.constantFrom(...f.names), fc.string({ maxLength: 20 })),
    json: fc.oneof(
      fc.array(fc.constantFrom(...f.ids), { maxLength: 4 }).map(encode),
      fc.array(fc.constantFrom(...f.names), { maxLength: 3 }).map(encode),
      fc.dictionary(fc.constantFrom('name', 'id', 'value', 'operator', 'operand', 'new', 'old', 'to', 'type'), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }).map(encode),
      fc.jsonValue({ maxDepth: 3 }).map(encode),
    ),
  };
  return hints.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...hints), weight: 2 }, { arbitrary: byKind[param.kind], weight: 1 }) : byKind[param.kind];
}

function paramValue(param: RouteParam, f: Fixture, hostile: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof({ arbitrary: plausible(param, f), weight: 3 }, { arbitrary: hostile, weight: 2 });
}

/** A path segment as a client would percent-encode it (lone surrogates cannot be). */
function segment(text: string): string {
  return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));
}

const pathGarbage: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '-1', '0', '1.5', '1e3', '0x1f', '99999999999999999999', '2147483648', '9007199254740993', '%', '%zz', '%00', '%E2%82',
    '..', '.', 'me', 'null', 'undefined', '[1]', '%5B1%5D', 'a'.repeat(300), '~', '%2F', '%20',
  ),
  fc.string({ maxLength: 30 }).map(segment),
  fc.string({ unit: 'binary', maxLength: 20 }).map(segment),
);

function pathValue(param: RouteParam, f: Fixture): fc.Arbitrary<string> {
  if (param.name === 'wildcard_path') {
    return fc.oneof(fc.constantFrom(...f.uploadPaths), pathGarbage, fc.array(pathGarbage, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/')));
  }
  const real = param.kind === 'int'
    ? fc.oneof(fc.constantFrom(...f.ids), fc.integer({ min: -2, max: 2 ** 31 + 5 })).map(String)
    : fc.constantFrom(...f.names.map(segment), ...f.userIds.map(String), 'fuzzmoji', 'smile', 'me');
  return fc.oneof({ arbitrary: real, weight: 3 }, { arbitrary: pathGarbage, weight: 2 });
}

interface FuzzRequest {
  as: Runner;
  path: string[];
  params: Record<string, string | undefined>;
  extras: Record<string, string>;
}

function requestArbitrary(route: Route, f: Fixture): fc.Arbitrary<FuzzRequest> {
  const runners: Array<{ arbitrary: fc.Arbitrary<Runner>; weight: number }> = FRESH_USER.has(route.key)
    ? [{ arbitrary: fc.constant('fresh'), weight: 5 }, { arbitrary: fc.constant('anonymous'), weight: 1 }]
    : [
      { arbitrary: fc.constant('member'), weight: 4 },
      { arbitrary: fc.constant('admin'), weight: 2 },
      { arbitrary: fc.constant('anonymous'), weight: 1 },
      ...(OWN_REALM[route.key] !== undefined ? [{ arbitrary: fc.constant<Runner>('owner'), weight: 1 }] : []),
    ];
  const hostile = route.method === 'GET' ? hostileInQuery : hostileInBody;
  const params: Record<string, fc.Arbitrary<string>> = {};
  for (const param of route.params) params[param.name] = paramValue(param, f, hostile);
  return fc.record({
    as: fc.oneof(...runners),
    path: fc.tuple(...route.pathParams.map((param) => pathValue(param, f))),
    params: fc.record(params, { requiredKeys: [] }),
    extras: fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), hostile, { maxKeys: 2 }),
  });
}

// ---------------------------------------------------------------------------------------
// Sending and checking.

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

function send(port: number, host: string, method: string, target: string, body: string | undefined, credentials: Credentials | null): Promise<Answer> {
  const headers: Record<string, string> = { host, 'user-agent': 'ZulipFuzz/1.0' };
  if (credentials) headers.authorization = `Basic ${Buffer.from(`${credentials.email}:${credentials.apiKey}`).toString('base64')}`;
  if (body !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: target, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, contentType: String(response.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.on('error', reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

/** The realm's rows, one digest per table: compared before and after an error answer. */
const FINGERPRINT_SQL = (() => {
  const byRealm = (table: string) => `SELECT * FROM ${table} WHERE realm_id = $1`;
  const byUser = (table: string, column = 'user_profile_id') =>
    `SELECT t.* FROM ${table} t JOIN user_profile u ON u.id = t.${column} WHERE u.realm_id = $1`;
  const byMessage = (table: string) => `SELECT t.* FROM ${table} t JOIN message m ON m.id = t.message_id WHERE m.realm_id = $1`;
  const byGroup = (table: string, column: string) => `SELECT t.* FROM ${table} t JOIN user_group g ON g.id = t.${column} WHERE g.realm_id = $1`;
  const tables: Record<string, string> = {
    realm: 'SELECT * FROM realm WHERE id = $1',
    user_profile: byRealm('user_profile'),
    stream: byRealm('stream'),
    default_stream: byRealm('default_stream'),
    user_group: byRealm('user_group'),
    user_group_membership: byGroup('user_group_membership', 'user_group_id'),
    group_group_membership: byGroup('group_group_membership', 'supergroup_id'),
    realm_group_setting: byRealm('realm_group_setting'),
    subscription: byUser('subscription'),
    message: byRealm('message'),
    user_message: byUser('user_message'),
    reaction: byMessage('reaction'),
    submessage: byMessage('submessage'),
    attachment: byRealm('attachment'),
    attachment_messages: byMessage('attachment_messages'),
    custom_profile_field: byRealm('custom_profile_field'),
    custom_profile_field_value: byUser('custom_profile_field_value'),
    realm_filter: byRealm('realm_filter'),
    realm_emoji: byRealm('realm_emoji'),
    alert_word: byRealm('alert_word'),
    draft: byUser('draft'),
    muted_user: byUser('muted_user'),
    user_topic: byUser('user_topic'),
    user_status: byUser('user_status'),
    user_presence: byRealm('user_presence'),
    service: byUser('service'),
    email_change_status: byUser('email_change_status'),
  };
  const columns = Object.entries(tables).map(
    ([name, query]) => `(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM (${query}) t) AS ${name}`,
  );
  return `SELECT ${columns.join(',\n')}`;
})();

async function fingerprint(client: Client, realmId: number): Promise<Record<string, string>> {
  const { rows } = await client.query<Record<string, string>>(FINGERPRINT_SQL, [realmId]);
  return rows[0];
}

function short(text: string): string {
  return text.length > 200 ? `${JSON.stringify(text.slice(0, 120))}... (${text.length} chars)` : JSON.stringify(text);
}

function describeRequest(method: string, target: string, body: string | undefined, as: Runner): string {
  return `${as} ${method} ${short(target)}${body === undefined ? '' : ` body ${short(body)}`}`;
}

/** Why the answer breaks the rules, or null. */
function problemWith(route: Route, answer: Answer): string | null {
  if (answer.status >= 500 || answer.status < 200) return `status ${answer.status}: ${short(answer.text)}`;
  const statusClass = `${String(answer.status)[0]}XX`;
  const raw = route.rawStatuses.has(String(answer.status)) || route.rawStatuses.has(statusClass);
  const isJson = /^application\/json\b/i.test(answer.contentType);
  if (answer.status >= 400 && raw && !isJson) return null;
  if (!isJson) return answer.status >= 400 ? `error ${answer.status} is not JSON (${answer.contentType}): ${short(answer.text)}` : null;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `status ${answer.status}: the body is not JSON: ${short(answer.text)}`;
  }
  const envelope = body as { result?: unknown; msg?: unknown; code?: unknown };
  if (answer.status >= 400) {
    if (envelope.result !== 'error') return `error ${answer.status} without result 'error': ${short(answer.text)}`;
    if (typeof envelope.msg !== 'string' || envelope.msg === '') return `error ${answer.status} without a msg: ${short(answer.text)}`;
    if (typeof envelope.code !== 'string' || envelope.code === '') return `error ${answer.status} without a code: ${short(answer.text)}`;
  } else if (route.path.startsWith('/api/') && route.key !== 'GET /api/v1/openapi.json' && envelope.result !== 'success') {
    return `status ${answer.status} without result 'success': ${short(answer.text)}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------

describe('fuzzing every route', () => {
  const corpus = Object.keys(OPERATIONS).sort();
  const fuzzed = new Set<string>();
  let routes: Map<string, Route>;
  let main: Fixture;
  let client: Client;
  const own = new Map<string, Promise<Fixture>>();
  const ownRealm = (name: string): Promise<Fixture> => {
    let fixture = own.get(name);
    if (fixture === undefined) {
      fixture = buildFixture(`fuzz-${name}`, extrasFor(name));
      own.set(name, fixture);
    }
    return fixture;
  };

  beforeAll(async () => {
    const { port } = testServer();
    const answer = await send(port, `localhost:${port}`, 'GET', '/api/v1/openapi.json', undefined, null);
    routes = new Map(routesOf(JSON.parse(answer.text) as Document).map((route) => [route.key, route]));
    client = await openFixtureClient();
    main = await buildFixture('fuzz', EVERYTHING);
    // The routes' own realms, two at a time: their building overlaps with the server's work.
    const names = [...new Set(Object.values(OWN_REALM))];
    await Promise.all([0, 1].map(async (lane) => {
      for (let index = lane; index < names.length; index += 2) await ownRealm(names[index]);
    }));
  }, 300_000);

  afterAll(async () => {
    await client?.end();
  });

  it('has a corpus entry for every route the server documents, and no other', () => {
    expect([...routes.keys()].sort()).toEqual(corpus);
  });

  it.each(corpus)('%s', async (key) => {
    const route = routes.get(key);
    if (route === undefined) throw new Error(`${key} is not in the served OpenAPI document`);
    const fixture = OWN_REALM[key] === undefined ? main : await ownRealm(OWN_REALM[key]);
    const { port } = testServer();
    const host = `${fixture.realm.subdomain}.localhost:${port}`;
    const seed = [...key].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, SEED);
    const property = fc.asyncProperty(requestArbitrary(route, fixture), async (request) => {
      let credentials: Credentials | null;
      switch (request.as) {
        case 'member': credentials = fixture.member; break;
        case 'admin': credentials = fixture.admin; break;
        case 'owner': credentials = fixture.realm.owner; break;
        case 'fresh': credentials = await fixture.freshUser(); break;
        default: credentials = null;
      }
      let pathname = route.path;
      route.pathParams.forEach((param, index) => {
        pathname = pathname.replace(`{${param.name}}`, request.path[index]);
      });
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries(request.params)) if (value !== undefined) form.append(name, value);
      for (const [name, value] of Object.entries(request.extras)) form.append(name, value);
      const encoded = form.toString();
      const inQuery = route.method === 'GET';
      const target = inQuery && encoded !== '' ? `${pathname}?${encoded}` : pathname;
      fc.pre(target.length <= MAX_QUERY);
      const body = inQuery ? undefined : encoded;
      const what = describeRequest(route.method, target, body, request.as);

      const before = await fingerprint(client, fixture.realmId);
      const answer = await send(port, host, route.method, target, body, credentials);
      const pending = SETTLES_AFTER[key];
      if (pending !== undefined && answer.status < 300) {
        for (let tries = 0; tries < 600 && (await client.query(pending, [fixture.realmId])).rows.length > 0; tries++) await sleep(100);
      }
      const problem = problemWith(route, answer);
      if (problem !== null) throw new Error(`${what}\n  -> ${problem}`);
      let parsed: unknown = { raw: answer.text };
      try {
        parsed = JSON.parse(answer.text);
      } catch {
        // not JSON: a raw route's file or page, checked by content type only
      }
      try {
        await checkAgainstOpenApi({ port, method: route.method, pathname, status: answer.status, contentType: answer.contentType, body: parsed });
      } catch (error) {
        throw new Error(`${what}\n  -> ${(error as Error).message}`);
      }
      if (answer.status >= 400) {
        const after = await fingerprint(client, fixture.realmId);
        const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
        if (changed.length > 0) throw new Error(`${what}\n  -> error ${answer.status} ${short(answer.text)} but changed ${changed.join(', ')}`);
      }
    });
    await fc.assert(property, { seed, numRuns: RUNS, endOnFailure: true });
    fuzzed.add(key);
  }, 600_000);

  it('fuzzed every route of the listing', () => {
    expect(fuzzed.size).toBe(routes.size);
    expect([...fuzzed].sort()).toEqual([...routes.keys()].sort());
  });
});
