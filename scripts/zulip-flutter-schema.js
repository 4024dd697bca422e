#!/usr/bin/env node
/*
 * Writes test/fixtures/zulip-flutter-schema.json: what Zulip's mobile app (zulip/zulip-flutter)
 * requires of the JSON it decodes, read from the decoders json_serializable generated for it
 * (`lib/api/**\/*.g.dart`) plus a short table of its hand-written decoders, described below.
 * test/zulip-flutter-replay.spec.ts checks the server's answers and events against it
 * (test/support/flutter-schema.ts). The app's source stays outside the project; only this
 * description is kept. Run it again, with a git directory of the app, when the app moves:
 *   node scripts/zulip-flutter-schema.js /path/to/zulip-flutter/.git [commit]
 *
 * The description, per class, maps a JSON key to a type. `"key"` must be present and not
 * null; `"key?"` may be absent or null (the decoder casts to a nullable type, has a default,
 * or decodes with `$enumDecodeNullable`). A dotted key (`person.full_name?`) is read from a
 * nested object; `@self` means the class reads the whole object as another class too.
 * Types: "string", "int" (the decoder casts `as int`), "number" (it casts `as num`, then maybe
 * `toInt()`: any JSON number), "bool", "any", {list: T}, {map: T} (an object whose values
 * are T), {ref: Class, relax?: [keys the reader fills in]}, {enum: Name, open?: true} (open: the
 * app maps unknown values to a fallback, so only the JSON type is checked), {oneOf: [T]},
 * {fields: {...}} (an inline object). Unions pick a class by discriminator keys.
 * `requests` lists every request the app's route bindings make, by binding name: method,
 * path (or the name of the absolute URL it fetches) and the class decoding the answer.
 */
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const OUTPUT = path.join(__dirname, '..', 'test', 'fixtures', 'zulip-flutter-schema.json');
// Push-notification payloads and the web-auth flow are not API answers.
const SKIP_FILES = new Set(['lib/api/notifications.g.dart']);

/**
 * Decoders written by hand in the app, which no generated code describes. Each entry was
 * read from the app's Dart at the commit the fixture names.
 */
const HAND_CLASSES = {
  // An event type or op the app does not know: it keeps the JSON, reading only these.
  UnexpectedEvent: { id: 'int', type: 'string' },
  RealmUserRemoveEvent: { id: 'int', 'person.user_id': 'int' },
  // `status_text`/emoji keys absent mean "unchanged"; a known `reaction_type` is required
  // whenever the three emoji keys are all non-empty (ReactionType.fromApiValue throws).
  UserStatusChange: {
    'status_text?': 'string',
    'emoji_name?': 'string',
    'emoji_code?': 'string',
    'reaction_type?': { oneOf: [{ enum: 'ReactionType' }, { enum: 'EmptyString' }] },
  },
  UpdateMessageMoveData: {
    'stream_id?': 'int',
    'new_stream_id?': 'int',
    'orig_subject?': 'string',
    'subject?': 'string',
    'propagate_mode?': { enum: 'PropagateMode' },
  },
};
const HAND_ENUMS = { EmptyString: [''] };
const HAND_TYPES = {
  GroupSettingValue: { oneOf: ['int', { ref: 'GroupSettingValueNameless' }] },
  Reactions: { list: { ref: 'Reaction' } },
  TopicName: 'string',
  DefaultGroupName: 'string',
  Poll: 'any',
};
const UNIONS = {
  Message: { on: ['type'], cases: { stream: 'StreamMessage', private: 'DmMessage' } },
};

/** How a hand-written `readValue`/`fromJson` helper reads its key, by helper name. */
const HELPERS = {
  'RealmUserUpdateEvent._readFromPerson': { under: 'person' },
  'RealmUserUpdateEvent._readNullableStringFromPerson': { under: 'person', type: 'string', optional: true },
  'InitialSnapshot._readUsersIsActiveFallbackTrue': { relax: ['is_active'] },
  'InitialSnapshot._readUsersIsActiveFallbackFalse': { relax: ['is_active'] },
  'UserStatusEvent._readChange': { self: true },
  'StreamMessage._readConversation': { self: true },
  'UpdateMessageEvent._readMoveData': { self: true, type: { ref: 'UpdateMessageMoveData' } },
  // The message's `flags` are the event's, moved into the message before decoding it.
  'MessageEvent._readMessageValue': { type: { ref: 'Message', relax: ['flags'] }, also: [['flags', { list: { enum: 'MessageFlag', open: true } }]] },
  'TypingEvent._readSenderId': { key: 'sender.user_id' },
  'User._readProfileData': {},
  // A `#rrggbb` string, which the reader turns into a number.
  'Subscription._readColor': { type: 'string' },
  // Computed from `edit_history`/`last_edit_timestamp`, both optional.
  'MessageEditState._readFromMessage': { skip: true },
  // Poll submessages: optional list; `sender_id` is a plain field of the message.
  'Message._readPoll': { key: 'submessages', type: { list: 'any' }, optional: true },
  // The property decides the value's type; an unknown property is ignored.
  'UserSettingsUpdateEvent._readValue': { type: 'any', optional: true },
  'ChannelUpdateEvent._readValue': { type: 'any', optional: true },
  'SubscriptionUpdateEvent._readValue': { type: 'any', optional: true },
  // `stream_ids`, or else `streams` with their `stream_id`s.
  'ChannelDeleteEvent._readChannelIds': { type: 'any', optional: true },
  'SubscriptionRemoveEvent._readChannelIds': { key: 'subscriptions', type: { list: { fields: { stream_id: 'int' } } } },
  'TypingEvent._recipientIdsFromJson': { type: { list: { fields: { user_id: 'int' } } }, optional: true },
  'Message._reactionsFromJson': { type: { list: { ref: 'Reaction' } } },
  'Message._flagsFromJson': { type: { list: { enum: 'MessageFlag', open: true } } },
  'Message._messageEditStateFromJson': { skip: true },
  'DmMessage._conversationFromJson': { type: { list: { fields: { id: 'int' } } } },
  'GetMessagesResult._messagesFromJson': { type: { list: { ref: 'Message' } } },
  'UpdateMessageMoveData.tryParseFromJson': {},
  'TwentyFourHourTimeMode.fromApiValue': { type: 'bool', optional: true },
  'JsonNullable.readIntFromJson': { type: 'int', optional: true },
  'JsonNullable.readStringFromJson': { type: 'string', optional: true },
};

function git(gitDir, ...args) {
  return execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
}

/** The text between the bracket at `open` and its partner (exclusive), and the partner's index. */
function balanced(text, open) {
  const pairs = { '(': ')', '[': ']', '{': '}' };
  const stack = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "'") { i = text.indexOf("'", i + 1); continue; }
    if (pairs[c]) stack.push(pairs[c]);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return { inner: text.slice(open + 1, i), end: i };
    }
  }
  throw new Error(`unbalanced at ${open}`);
}

/** Splits at top-level commas. */
function splitTop(text) {
  const parts = [];
  let depth = 0;
  let angle = 0; // type arguments: `Map<String, dynamic>`
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") { i = text.indexOf("'", i + 1); continue; }
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === '<' && /\w/.test(text[i - 1] ?? '')) angle++;
    else if (c === '>' && angle > 0 && text[i - 1] !== '=') angle--;
    else if (c === ',' && depth === 0 && angle === 0) { parts.push(text.slice(start, i)); start = i + 1; }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

const CASTS = { String: 'string', bool: 'bool', int: 'int', num: 'number', double: 'number' };

/**
 * The type an expression decodes `subject` (a regexp source for the value) into, and
 * whether null is accepted. Throws on a shape this script does not know, so that a new
 * decoder shape is noticed rather than described wrongly.
 */
function typeOf(expr, subject, ctx) {
  const e = expr.replace(/\s+/g, ' ').replace(/,\s*\)/g, ')').replace(/\s+(\??\.)/g, '$1').replace(/\(\s+/g, '(').replace(/\s+\)/g, ')').trim();
  let m;
  const s = subject;
  const nullableDefault = /\?\?/.test(e);
  if ((m = e.match(new RegExp(`^\\$enumDecode(Nullable)?\\(_\\$(\\w+)EnumMap, ${s}(, unknownValue: [\\w.]+)?\\)( \\?\\? .*)?$`)))) {
    const open = Boolean(m[3]);
    return { t: open ? { enum: m[2], open: true } : { enum: m[2] }, nullable: Boolean(m[1]) || Boolean(m[4]) };
  }
  if ((m = e.match(new RegExp(`^${s} == null \\? null : (.*)$`)))) {
    return { t: typeOf(m[1], s, ctx).t, nullable: true };
  }
  if ((m = e.match(new RegExp(`^\\(?${s} as (String|bool|int|num|double)(\\??)\\)?(\\??\\.to(Int|Double)\\(\\))?( \\?\\? .*)?$`)))) {
    // `(x as num).toInt()` takes any JSON number (and truncates it); only `as int` wants an integer.
    const t = CASTS[m[1]];
    return { t, nullable: m[2] === '?' || nullableDefault };
  }
  if ((m = e.match(new RegExp(`^Uri\\.parse\\(${s} as String\\)$`)))) return { t: 'string', nullable: false };
  if ((m = e.match(new RegExp(`^\\(${s} as List<dynamic>(\\??)\\)\\??\\s*\\.map\\(\\((\\w+)\\) => (.*)\\)\\s*\\.to(?:List|Set)\\(\\)( \\?\\? .*)?$`)))) {
    return { t: { list: typeOf(m[3], m[2], ctx).t }, nullable: m[1] === '?' || Boolean(m[4]) };
  }
  if ((m = e.match(new RegExp(`^\\(${s} as Map<String, dynamic>(\\??)\\)\\??\\.map\\(\\(k, (\\w+)\\) => MapEntry\\((?:int\\.parse\\(k\\)|k), (.*)\\)\\)( \\?\\? .*)?$`)))) {
    return { t: { map: typeOf(m[3], m[2], ctx).t }, nullable: m[1] === '?' || Boolean(m[4]) };
  }
  if ((m = e.match(new RegExp(`^(\\w+)\\.fromJson\\( ?${s}( as (?:Map<String, dynamic>|String|int|List<dynamic>|Object)(\\??))?,? ?\\)$`)))) {
    return { t: refType(m[1]), nullable: m[3] === '?' };
  }
  if ((m = e.match(new RegExp(`^const (\\w+)\\(\\)\\.fromJson\\( ?${s} as String,? ?\\)$`)))) {
    if (m[1] === 'MessageTypeConverter') return { t: { oneOf: [{ enum: 'MessageType' }, { enum: 'LegacyPrivate' }] }, nullable: false };
    throw new Error(`${ctx}: unknown converter ${m[1]}`);
  }
  if ((m = e.match(new RegExp(`^_\\$JsonConverterFromJson<[^(]*>\\( ?${s}, const \\w+\\(\\)\\.fromJson,? ?\\)$`)))) {
    return { t: 'any', nullable: true };
  }
  if ((m = e.match(new RegExp(`^\\(?${s} as List<dynamic>\\)?$`)))) return { t: { list: 'any' }, nullable: false };
  if ((m = e.match(new RegExp(`^\\(?${s} as Map<String, dynamic>(\\??)\\)?$`)))) return { t: { map: 'any' }, nullable: m[1] === '?' };
  if (new RegExp(`^${s}$`).test(e)) return { t: 'any', nullable: true };
  throw new Error(`${ctx}: unknown expression shape: ${e}`);
}

function refType(name) {
  return HAND_TYPES[name] ?? { ref: name };
}

const HELPER_CALL = /(\w+\.\w+)\(\s*(json(?:\['[a-z_]+'\])?)(?:,\s*'([a-z_]+)',?\s*\)|\s*\)|(?= as ))/;

/** One constructor argument of a generated decoder: [key, type] pairs (usually one). */
function describeField(arg, ctx) {
  const colon = arg.indexOf(':');
  const expr = arg.slice(colon + 1).trim();
  const flat = expr.replace(/\s+/g, ' ');
  const helper = flat.match(HELPER_CALL);
  const rule = helper && HELPERS[helper[1]];
  if (helper && !rule && !/fromJson|EnumMap|^Uri\.parse$/.test(helper[1])) throw new Error(`${ctx}: unknown helper ${helper[1]}`);
  if (rule) {
    if (rule.skip) return [];
    const plainKey = helper[3] ?? (helper[2].match(/'([a-z_]+)'/) ?? [])[1];
    let key = rule.key ?? (rule.under ? `${rule.under}.${plainKey}` : plainKey);
    if (rule.self) {
      const inner = rule.type ?? typeOf(flat.split(helper[0]).join('SELF'), 'SELF', ctx).t;
      return [['@self', inner]];
    }
    let described;
    if (rule.type) described = { t: rule.type, nullable: Boolean(rule.optional) };
    else described = typeOf(flat.split(helper[0]).join('VALUE'), 'VALUE', ctx);
    if (rule.relax && described.t.list?.ref) described.t = { list: { ...described.t.list, relax: rule.relax } };
    return [[described.nullable || rule.optional ? `${key}?` : key, described.t], ...(rule.also ?? [])];
  }
  const keyMatch = flat.match(/json\['([a-z_0-9]+)'\]/);
  if (!keyMatch) throw new Error(`${ctx}: no key in ${flat}`);
  const subject = `json\\['${keyMatch[1]}'\\]`;
  const described = typeOf(flat, subject, ctx);
  return [[described.nullable ? `${keyMatch[1]}?` : keyMatch[1], described.t]];
}

function parseGenerated(text, classes, enums) {
  for (const m of text.matchAll(/const _\$(\w+)EnumMap = \{/g)) {
    const { inner } = balanced(text, m.index + m[0].length - 1);
    enums[m[1]] = splitTop(inner).map((entry) => {
      const value = entry.slice(entry.indexOf(':') + 1).trim();
      return value.startsWith("'") ? value.slice(1, -1) : Number(value);
    });
  }
  for (const m of text.matchAll(/\n(\w+) _\$(\w+)FromJson\(/g)) {
    const name = m[2];
    const after = text.indexOf('=>', m.index);
    const bodyStart = text.indexOf('{', m.index);
    const fields = {};
    let callOpen;
    if (bodyStart !== -1 && bodyStart < after) {
      // A block body: `$checkKeys(...)` then `return Class(...)`.
      const block = balanced(text, bodyStart).inner;
      const checked = block.match(/requiredKeys: const \[([^\]]*)\]/);
      const ret = block.indexOf('return ');
      const absolute = bodyStart + 1 + ret;
      callOpen = text.indexOf('(', absolute);
      if (checked) for (const k of checked[1].split(',').map((x) => x.trim().slice(1, -1)).filter(Boolean)) fields[`!${k}`] = true;
    } else {
      callOpen = text.indexOf('(', after);
    }
    const call = balanced(text, callOpen);
    for (const arg of splitTop(call.inner)) {
      const ctx = `${name}.${arg.slice(0, arg.indexOf(':')).trim()}`;
      // Positional arguments (no `name:`) are decoded values too.
      const named = /^\w+:/.test(arg) ? arg : `positional: ${arg}`;
      for (const [key, type] of describeField(named, ctx)) fields[key] = type;
    }
    // The cascade after the constructor (`..poll = ...`).
    const tail = text.slice(call.end + 1, text.indexOf(';', call.end));
    for (const cascade of tail.split('..').slice(1)) {
      const eq = cascade.indexOf('=');
      for (const [key, type] of describeField(`${cascade.slice(0, eq).trim()}: ${cascade.slice(eq + 1)}`, `${name} cascade`)) fields[key] = type;
    }
    // `$checkKeys` makes a nullable-typed key required and non-null.
    for (const k of Object.keys(fields).filter((x) => x.startsWith('!'))) {
      delete fields[k];
      const bare = k.slice(1);
      if (fields[`${bare}?`] !== undefined) { fields[bare] = fields[`${bare}?`]; delete fields[`${bare}?`]; }
    }
    classes[name] = fields;
  }
}

/** The event classes the app decodes, by `type` and then `op`, from `Event.fromJson`. */
function parseEventDispatch(eventsDart) {
  const start = eventsDart.indexOf('factory Event.fromJson');
  const body = balanced(eventsDart, eventsDart.indexOf('{', start)).inner;
  const cases = {};
  let outer = null;
  let inOp = false;
  for (const line of body.split('\n')) {
    const direct = line.match(/case '(\w+)': return (\w+)\.fromJson/);
    const bare = line.match(/^\s*case '(\w+)':\s*$/);
    if (/switch \(json\['op'\]/.test(line)) inOp = true;
    else if (direct && inOp) (cases[outer] ??= {})[direct[1]] = direct[2];
    else if (direct) cases[direct[1]] = direct[2];
    else if (bare) { outer = bare[1]; inOp = false; }
    else if (/default: return UnexpectedEvent/.test(line) && inOp) inOp = false;
  }
  return { on: ['type', 'op'], cases, otherwise: 'UnexpectedEvent' };
}

/**
 * The requests the app makes, from its route bindings (`lib/api/route/*.dart`): each
 * binding's name, method, path (a `{name}` for each interpolated value) and the decoder of
 * its answer (null when the app ignores the answer). A binding that fetches an absolute URL
 * the server gave (`connection.send`) has `url` set to that value's name instead of a path.
 */
function parseRequests(gitDir, sha) {
  const files = git(gitDir, 'ls-tree', '-r', '--name-only', sha, 'lib/api/route')
    .split('\n').filter((f) => f.endsWith('.dart') && !f.endsWith('.g.dart'));
  const requests = {};
  const call = /connection\.(get|post|patch|delete|postFileFromStream|send)\(\s*'(\w+)',\s*(?:(\w+)\.fromJson|\(_\)\s*\{\})\s*,\s*(?:'([^']*)'|useAuth: \w+,\s*http\.Request\('(\w+)',\s*(\w+)\))/g;
  for (const file of files) {
    const text = git(gitDir, 'show', `${sha}:${file}`);
    const found = [...text.matchAll(call)];
    // Every call of the connection must be understood, or a request would go unlisted.
    const calls = (text.match(/connection\.(get|post|patch|delete|put|postFileFromStream|send)\(/g) ?? []).length;
    if (found.length !== calls) throw new Error(`${file}: ${calls} requests, ${found.length} understood`);
    for (const m of found) {
      const [, verb, name, decoder, rawPath, sendMethod, urlName] = m;
      const method = verb === 'send' ? sendMethod : verb === 'postFileFromStream' ? 'POST' : verb.toUpperCase();
      const request = { method, decoder: decoder ?? null };
      if (rawPath === undefined) request.url = urlName;
      else request.path = rawPath.replace(/\$\{?(\w+)\}?/g, '{$1}');
      const previous = requests[name];
      if (previous && JSON.stringify(previous) !== JSON.stringify(request)) throw new Error(`${name}: two different requests`);
      requests[name] = request;
    }
  }
  return Object.fromEntries(Object.entries(requests).sort(([a], [b]) => a.localeCompare(b)));
}

function main() {
  const gitDir = process.argv[2];
  const commit = process.argv[3] ?? 'HEAD';
  if (!gitDir) {
    process.stderr.write('usage: node scripts/zulip-flutter-schema.js <zulip-flutter git dir> [commit]\n');
    process.exit(2);
  }
  const sha = git(gitDir, 'rev-parse', `${commit}^{commit}`).trim();
  const files = git(gitDir, 'ls-tree', '-r', '--name-only', sha, 'lib/api').split('\n')
    .filter((f) => f.endsWith('.g.dart') && !SKIP_FILES.has(f));
  const classes = {};
  const enums = { ...HAND_ENUMS, LegacyPrivate: ['private'] };
  for (const file of files) parseGenerated(git(gitDir, 'show', `${sha}:${file}`), classes, enums);
  Object.assign(classes, HAND_CLASSES);
  const unions = { ...UNIONS, Event: parseEventDispatch(git(gitDir, 'show', `${sha}:lib/api/model/events.dart`)) };
  // A class named but not described is a hand-written decoder missing from HAND_CLASSES.
  const named = new Set();
  const collect = (value) => {
    if (value && typeof value === 'object') {
      if (typeof value.ref === 'string') named.add(value.ref);
      Object.values(value).forEach(collect);
    }
  };
  collect(classes);
  for (const union of Object.values(unions)) {
    JSON.stringify(union.cases, (key, value) => (typeof value === 'string' && key !== '' ? (named.add(value), value) : value));
    if (union.otherwise) named.add(union.otherwise);
  }
  const missing = [...named].filter((name) => !classes[name] && !unions[name]);
  if (missing.length > 0) throw new Error(`no description of ${missing.join(', ')}: add them to HAND_CLASSES`);
  const fixture = {
    source: `zulip/zulip-flutter at ${sha}, lib/api (generated decoders and the hand-written ones listed in scripts/zulip-flutter-schema.js)`,
    commit: sha,
    classes: Object.fromEntries(Object.entries(classes).sort(([a], [b]) => a.localeCompare(b))),
    enums: Object.fromEntries(Object.entries(enums).sort(([a], [b]) => a.localeCompare(b))),
    unions,
    requests: parseRequests(gitDir, sha),
  };
  fs.writeFileSync(OUTPUT, JSON.stringify(fixture, null, 1) + '\n');
  process.stdout.write(`${Object.keys(classes).length} classes, ${Object.keys(enums).length} enums, ${Object.keys(fixture.requests).length} requests written to ${path.relative(process.cwd(), OUTPUT)}\n`);
}

main();
