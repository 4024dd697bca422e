import { createHash } from 'node:crypto';
import { Api, ApiResponse, createBot, createTestRealm, manage, sendMessage, succeeded, TestRealm, TestUser } from './api';
import { FilePart, pngFile, postMultipart } from './multipart';

/**
 * The access-control audit's world (issue 9): realm A holds private data two insiders share;
 * actors who must not reach it try. Used by test/access-audit*.spec.ts.
 */

/** An id nothing has: what a missing object answers. */
export const MISSING_ID = 99999999;

/** A word found only in the private channel's message and in the insiders' direct message. */
export const SECRET_WORD = 'aardvarkquuxzzy';

/** The key the insider's bot keeps its state under (`/bot_storage`). */
export const BOT_STORAGE_KEY = 'plan_counter';

/** Someone who must not reach the private data; requests go to their own realm's host. */
export interface Actor {
  name: string;
  api: Api;
  userId: number;
  /** A user of realm B, trying realm A's ids. */
  otherRealm: boolean;
}

export interface AuditWorld {
  realmA: TestRealm;
  realmB: TestRealm;
  insider: TestUser;
  insider2: TestUser;
  outsider: TestUser;
  guest: TestUser;
  bot: TestUser;
  /** Was subscribed to the private channel, then deactivated. */
  deactivated: TestUser;
  /** Realm B's owner, the realm B actor. */
  strangerApi: Api;
  /** A member of realm B: the "other realm user" realm A's actors try. */
  bMember: TestUser;
  actors: Actor[];
  secret: { id: number; name: string; topic: string };
  /** Realm A's channel every realm A user may read (the marker channel of the events spec). */
  open: { id: number; name: string };
}

export interface Answer {
  status: number;
  result: unknown;
  code: unknown;
  msg: string;
}

export const md5 = (text: string) => createHash('md5').update(text.trim().toLowerCase()).digest('hex');

/** An answer's envelope, with the probed id or name (`from`) written as the missing one (`to`). */
export function envelope(response: ApiResponse, swaps: ReadonlyArray<readonly [string | number, string | number]> = []): Answer {
  let msg = typeof response.body.msg === 'string' ? response.body.msg : JSON.stringify(response.body);
  for (const [from, to] of swaps) msg = msg.split(String(from)).join(String(to));
  return { status: response.status, result: response.body.result, code: response.body.code, msg };
}

/** The forbidden probe answers exactly what the missing object answers, and it is a refusal. */
export function expectSameAsMissing(
  what: string,
  forbidden: ApiResponse,
  missing: ApiResponse,
  swaps: ReadonlyArray<readonly [string | number, string | number]> = [],
): void {
  expect({ what, ...envelope(forbidden, swaps) }).toEqual({ what, ...envelope(missing) });
  expect({ what, refused: forbidden.status >= 400 && forbidden.status < 500 }).toEqual({ what, refused: true });
}

/** Both answers succeed with the very same body. */
export function expectSameSuccess(what: string, forbidden: ApiResponse, missing: ApiResponse): void {
  expect({ what, status: forbidden.status, body: forbidden.body }).toEqual({ what, status: 200, body: missing.body });
}

/** A failure's label: who tried what. */
export const say = (actor: Actor, what: string): string => `${actor.name}: ${what}`;

export async function channelId(api: Api, name: string): Promise<number> {
  return succeeded(await api.get('get_stream_id', { stream: name }), `get_stream_id ${name}`).body.stream_id as number;
}

/** The two realms, their users, a private channel of two insiders, and an open channel. */
export async function buildAuditWorld(prefix: string): Promise<AuditWorld> {
  const [realmA, realmB] = await Promise.all([createTestRealm(`${prefix}-a`), createTestRealm(`${prefix}-b`)]);
  const insider = await realmA.createUser('Insider One');
  const insider2 = await realmA.createUser('Insider Two');
  const outsider = await realmA.createUser('Outsider');
  const guest = await realmA.createUser('Guest', 'guest');
  const deactivated = await realmA.createUser('Former Insider');
  const bot = await createBot(realmA, outsider.api, `auditbot${Date.now() % 100000}`, 'Outsider Bot');
  const bMember = await realmB.createUser('Realm B Member');

  const secretName = `secret ${Date.now()}`;
  succeeded(
    await insider.api.post('users/me/subscriptions', {
      subscriptions: [{ name: secretName, description: 'insiders only' }],
      principals: [insider.userId, insider2.userId, deactivated.userId],
      invite_only: true,
    }),
    'create the private channel',
  );
  const secretId = await channelId(insider.api, secretName);
  const openName = `open ${Date.now()}`;
  succeeded(
    await realmA.ownerApi.post('users/me/subscriptions', {
      subscriptions: [{ name: openName }],
      principals: [realmA.owner.userId, insider.userId, outsider.userId, guest.userId, bot.userId],
    }),
    'create the open channel',
  );
  const openId = await channelId(realmA.ownerApi, openName);

  const actors: Actor[] = [
    { name: 'outsider', api: outsider.api, userId: outsider.userId, otherRealm: false },
    { name: 'guest', api: guest.api, userId: guest.userId, otherRealm: false },
    { name: "outsider's bot", api: bot.api, userId: bot.userId, otherRealm: false },
    { name: 'realm B owner', api: realmB.ownerApi, userId: realmB.owner.userId, otherRealm: true },
  ];
  return {
    realmA,
    realmB,
    insider,
    insider2,
    outsider,
    guest,
    bot,
    deactivated,
    strangerApi: realmB.ownerApi,
    bMember,
    actors,
    secret: { id: secretId, name: secretName, topic: 'plans' },
    open: { id: openId, name: openName },
  };
}

export async function deactivate(world: AuditWorld): Promise<void> {
  await manage(['deactivate-user', '--realm', world.realmA.subdomain, '--email', world.deactivated.email]);
}

/** What realm A's insiders hold that others must not reach. */
export interface PrivateData {
  /** The private channel's message: reacted to, edited, starred, with an upload. */
  messageId: number;
  /** A direct message between the insiders. */
  dmId: number;
  uploadUrl: string;
  attachmentId: number;
  draftId: number;
  savedSnippetId: number;
  /** The insider's message to self, scheduled a year ahead (never sent during the run). */
  scheduledMessageId: number;
  insiderBotId: number;
  /** The insider's bot's client: it keeps a secret in its storage. */
  insiderBotApi: Api;
  insiderQueueId: string;
}

/** Realm-configuration objects of one realm: another realm's users try these ids and names. */
export interface RealmObjects {
  groupId: number;
  fieldId: number;
  linkifierId: number;
  playgroundId: number;
  domain: string;
  defaultChannelGroupId: number;
  emojiName: string;
  emojiId: number;
}

export async function buildPrivateData(world: AuditWorld): Promise<PrivateData> {
  const { insider, insider2, secret } = world;
  const file: FilePart = { field: 'file', filename: 'plans.txt', contentType: 'text/plain', data: Buffer.from('the plans') };
  const uploaded = succeeded(await postMultipart(insider.api, 'user_uploads', [file]), 'upload');
  const uploadUrl = uploaded.body.url as string;
  const messageId = await sendMessage(insider.api, {
    type: 'stream',
    to: secret.id,
    topic: secret.topic,
    content: `first draft of the ${SECRET_WORD} plan [plans](${uploadUrl})`,
  });
  succeeded(await insider2.api.post(`messages/${messageId}/reactions`, { emoji_name: 'octopus' }), 'react');
  succeeded(
    await insider.api.patch(`messages/${messageId}`, { content: `the ${SECRET_WORD} plan, final [plans](${uploadUrl})` }),
    'edit',
  );
  succeeded(await insider.api.post('messages/flags', { messages: [messageId], op: 'add', flag: 'starred' }), 'star');
  const dmId = await sendMessage(insider.api, { type: 'direct', to: [insider2.userId], content: `psst: ${SECRET_WORD}` });
  const attachments = succeeded(await insider.api.get('attachments'), 'attachments').body.attachments as { id: number; path_id: string }[];
  const attachmentId = attachments.find((entry) => uploadUrl.endsWith(entry.path_id))?.id;
  if (attachmentId === undefined) throw new Error(`no attachment for ${uploadUrl}`);
  const drafts = succeeded(
    await insider.api.post('drafts', {
      drafts: [{ type: 'stream', to: [secret.id], topic: secret.topic, content: `draft ${SECRET_WORD}`, timestamp: Math.floor(Date.now() / 1000) }],
    }),
    'draft',
  );
  const snippet = succeeded(await insider.api.post('saved_snippets', { title: 'plans', content: `the ${SECRET_WORD} snippet` }), 'saved snippet');
  const scheduled = succeeded(await insider.api.post('scheduled_messages', {
    type: 'direct', to: [insider.userId], content: `the ${SECRET_WORD} later`, scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 365 * 86400,
  }), 'scheduled message');
  const insiderBot = await createBot(world.realmA, insider.api, `insiderbot${Date.now() % 100000}`, 'Insider Bot');
  succeeded(await insiderBot.api.put('bot_storage', { storage: { [BOT_STORAGE_KEY]: `the ${SECRET_WORD} counter` } }), 'bot storage');
  const queue = succeeded(await insider.api.post('register', { event_types: ['message'], fetch_event_types: [] }), 'register');
  return {
    messageId,
    dmId,
    uploadUrl,
    attachmentId,
    draftId: (drafts.body.ids as number[])[0],
    savedSnippetId: snippet.body.saved_snippet_id as number,
    scheduledMessageId: scheduled.body.scheduled_message_id as number,
    insiderBotId: insiderBot.userId,
    insiderBotApi: insiderBot.api,
    insiderQueueId: queue.body.queue_id as string,
  };
}

export async function buildRealmObjects(realm: TestRealm, member: TestUser, tag: string): Promise<RealmObjects> {
  const owner = realm.ownerApi;
  const group = succeeded(await owner.post('user_groups/create', { name: `group ${tag}`, description: 'a group', members: [member.userId] }), 'group');
  const field = succeeded(await owner.post('realm/profile_fields', { name: `Desk ${tag}`, field_type: 1 }), 'profile field');
  succeeded(await member.api.patch('users/me/profile_data', { data: [{ id: field.body.id as number, value: 'north wing' }] }), 'profile data');
  const linkifier = succeeded(
    await owner.post('realm/filters', { pattern: `${tag.toUpperCase()}-(?P<id>[0-9]+)`, url_template: `https://example.com/${tag}/{id}` }),
    'linkifier',
  );
  const playground = succeeded(
    await owner.post('realm/playgrounds', { name: `Playground ${tag}`, pygments_language: 'Python', url_template: `https://example.com/${tag}/?code={code}` }),
    'playground',
  );
  const domain = `${tag.toLowerCase()}.example`;
  succeeded(await owner.post('realm/domains', { domain, allow_subdomains: false }), 'realm domain');
  const room = `room ${tag}`;
  succeeded(await owner.post('users/me/subscriptions', { subscriptions: [{ name: room }] }), 'group channel');
  succeeded(await owner.post('default_stream_groups/create', { group_name: `Group ${tag}`, description: '', stream_names: JSON.stringify([room]) }), 'default channel group');
  const groups = succeeded(await owner.post('register', { fetch_event_types: ['default_stream_groups'] }), 'register').body.realm_default_stream_groups as { id: number }[];
  const emojiName = `emoji_${tag.toLowerCase()}`;
  succeeded(await postMultipart(owner, `realm/emoji/${emojiName}`, [await pngFile()]), 'custom emoji');
  const emoji = succeeded(await owner.get('realm/emoji'), 'emoji list').body.emoji as Record<string, { id: string; name: string }>;
  const emojiId = Number(Object.values(emoji).find((entry) => entry.name === emojiName)?.id);
  return {
    groupId: group.body.group_id as number,
    fieldId: field.body.id as number,
    linkifierId: linkifier.body.id as number,
    playgroundId: playground.body.id as number,
    domain,
    defaultChannelGroupId: groups[0].id,
    emojiName,
    emojiId,
  };
}
