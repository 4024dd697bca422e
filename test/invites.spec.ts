import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawn } from 'node:child_process';
import type { CreatedUser } from '../src/admin/commands/create-user.command';
import type { NewAccount } from '../src/invites/commands/accept-invitation.command';
import type { InvitationByKey } from '../src/invites/queries/invitation-keys';
import type { SignupRequestOutcome } from '../src/signup/commands/signup.commands';
import { Api, ApiResponse, createTestRealm, expectError, expectSuccess, ok, subscribeTo, TargetServer, TestRealm, TestUser } from './support/api';
import { Queue } from './support/queue';
import { DIST, freePort, NODE_PATH, ownDatabase, OwnDatabase } from './support/server-process';

/**
 * `/invites` as Zulip 10.2 serves it, and the invitations module's facade for the sign-up
 * pages (InvitationKeys, AcceptInvitationCommand), with the sign-up module's commands a
 * reusable link goes through (RequestSignupCommand, RegisterFromSignupLinkCommand). The server runs in this process (from
 * dist/, on storage of its own), so that the tests reach its command bus and database
 * and set the daily limit; the invitation emails are read from its log (no SMTP_URL).
 */

type Json = Record<string, unknown>;

const DAILY_MAX = 40;
/** What all new realms together may send: above the limit test's realm alone, below it with another. */
const NEW_REALMS_DAILY_MAX = 50;

/**
 * The server, in a child process of its own, with a channel to the test: `accept` and
 * `lookup` run the invitations module's command and facade, `requestSignup` and
 * `register` the sign-up module's commands, `sql` queries its database,
 * `mails` answers the mail it sent (to the log: no SMTP_URL). Jest's module sandbox
 * cannot load the server itself (the embedded database imports modules dynamically).
 */
const CHILD = `
require('reflect-metadata');
const dist = (file) => require(require('node:path').join(process.env.CHAT_DIST_DIR, file));
const { createHttpApp } = dist('app.factory.js');
const { loadConfig } = dist('platform/config/app-config.js');
const { JsonLogger } = dist('platform/logging/logger.js');
const { CliChannelServer } = dist('admin/cli/cli-channel.js');
const { Database } = dist('platform/database/database.js');
const { MailDelivery } = dist('platform/mail/mail-delivery.js');
const { AcceptInvitationCommand } = dist('invites/commands/accept-invitation.command.js');
const { InvitationKeys } = dist('invites/queries/invitation-keys.js');
const { RequestSignupCommand, RegisterFromSignupLinkCommand } = dist('signup/commands/signup.commands.js');
const { CommandBus } = require('@nestjs/cqrs');
const mails = [];
const destination = { write(line) {
  const record = JSON.parse(line);
  const match = record.context === 'Mail' ? /^mail to (\\S+) \\(no SMTP_URL configured\\): (.*)\\n([\\s\\S]*)$/.exec(record.msg || '') : null;
  if (match) mails.push({ to: match[1], subject: match[2], text: match[3] });
  else if (record.level === 'error') process.stderr.write(line);
} };
(async () => {
  const config = loadConfig();
  const app = await createHttpApp(config, new JsonLogger('info', 'json', destination));
  await app.init();
  await app.listen({ port: config.server.port, host: '127.0.0.1' });
  await app.get(CliChannelServer).listen();
  // As main.ts does: the outbox's mail leaves only once delivery runs.
  await app.get(MailDelivery).start();
  const ops = {
    accept: ([key, account]) => app.get(CommandBus).execute(new AcceptInvitationCommand(key, account)),
    lookup: ([key]) => app.get(InvitationKeys).lookup(key),
    requestSignup: ([realmId, email, linkKey]) => app.get(CommandBus).execute(new RequestSignupCommand(realmId, email, linkKey)),
    register: ([realmId, key, fullName, password]) => app.get(CommandBus).execute(new RegisterFromSignupLinkCommand(realmId, key, fullName, password)),
    sql: ([text, params]) => app.get(Database).query(text, params),
    mails: () => mails,
    stop: async () => { await app.close(); setImmediate(() => process.exit(0)); return null; },
  };
  process.on('message', ({ id, op, args }) => {
    Promise.resolve().then(() => ops[op](args)).then(
      (result) => process.send({ id, result }),
      (error) => process.send({ id, error: { problem: error.problem, msg: error.msg ?? error.message, status: error.status, reason: error.data && error.data.reason } }),
    );
  });
  process.send({ ready: true });
})().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exit(1); });
`;

interface Child {
  server: TargetServer;
  call<T>(op: string, ...args: unknown[]): Promise<T>;
}

async function startChild(database: OwnDatabase | undefined): Promise<Child> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-invites-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_PATH,
    CHAT_DIST_DIR: DIST,
    PORT: String(port),
    DATA_DIR: dataDir,
    EXTERNAL_HOST: `localhost:${port}`,
    PASSWORD_HASH_MEMORY_KIB: '1024',
    PASSWORD_HASH_ITERATIONS: '1',
    RATE_LIMIT_ENABLED: 'false',
    INVITES_DEFAULT_REALM_DAILY_MAX: String(DAILY_MAX),
    INVITES_NEW_REALM_DAILY_MAX: String(NEW_REALMS_DAILY_MAX),
  };
  // Storage of its own: the run's database and Redis belong to the run's server.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (database) env.DATABASE_URL = database.url;
  const child = spawn(process.execPath, ['-e', CHILD], { env, cwd: path.join(DIST, '..'), stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  let next = 0;
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.on('message', (message: { ready?: boolean; id?: number; result?: unknown; error?: unknown }) => {
      if (message.ready) resolve();
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id as number);
      if (message.error !== undefined) waiting.reject(message.error);
      else waiting.resolve(message.result);
    });
  });
  return {
    server: { port, dataDir, env },
    call<T>(op: string, ...args: unknown[]): Promise<T> {
      next += 1;
      const id = next;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        child.send({ id, op, args });
      });
    },
  };
}

function expectInvitationFailed(response: ApiResponse, msg: string, errors: unknown[], sent: boolean, dailyLimit = false): void {
  expectError(response, msg, 'INVITATION_FAILED', { errors, sent_invitations: sent, license_limit_reached: false, daily_limit_reached: dailyLimit });
}

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('invitations', () => {
  let child: Child;
  let database: OwnDatabase | undefined;
  let realm: TestRealm;
  let admin: TestUser;
  let member: TestUser;
  let other: TestUser;
  let guest: TestUser;
  let general: number;
  let realmId: number;

  function sql<T = Json>(text: string, params: unknown[] = []): Promise<T[]> {
    return child.call<T[]>('sql', text, params);
  }

  function mailsTo(to: string): Promise<{ to: string; subject: string; text: string }[]> {
    return child.call<{ to: string; subject: string; text: string }[]>('mails').then((mails) => mails.filter((mail) => mail.to === to));
  }

  async function channelId(api: Api, name: string): Promise<number> {
    return ok(await api.get('get_stream_id', { stream: name })).stream_id as number;
  }

  async function inviteesOf(user: TestUser): Promise<Json[]> {
    return ok(await user.api.get('invites')).invites as Json[];
  }

  async function keyOf(email: string): Promise<string> {
    const [row] = await sql<{ confirmation_key: string }>(`SELECT confirmation_key FROM invitation WHERE email = $1 ORDER BY id DESC LIMIT 1`, [email]);
    return row.confirmation_key;
  }

  function accept(key: string, account: NewAccount): Promise<CreatedUser> {
    return child.call<CreatedUser>('accept', key, account);
  }

  async function lookup(key: string): Promise<InvitationByKey> {
    const found = await child.call<InvitationByKey & { expiryDate: string | null }>('lookup', key);
    return { ...found, expiryDate: found.expiryDate === null ? null : new Date(found.expiryDate) };
  }

  async function keyRefusal(work: Promise<unknown>): Promise<Json> {
    const error = (await work.then(
      () => null,
      (thrown: unknown) => thrown,
    )) as { problem?: string; msg?: string; status?: number; reason?: string } | null;
    if (error === null) throw new Error('expected a refusal');
    return { problem: error.problem ?? error.reason, msg: error.msg, status: error.status };
  }

  /** The sign-up module's address step: from the sign-up page (`linkKey` null) or a reusable link. */
  function requestSignup(email: string, linkKey: string | null): Promise<SignupRequestOutcome> {
    return child.call<SignupRequestOutcome>('requestSignup', realmId, email, linkKey);
  }

  function register(confirmation: string, fullName: string): Promise<CreatedUser> {
    return child.call<CreatedUser>('register', realmId, confirmation, fullName, 'a long enough password 42');
  }

  /** The key of the latest confirmation link mailed to `email` (`/accounts/do_confirm/<key>`). */
  async function confirmationMailedTo(email: string): Promise<string> {
    const mail = await until(async () => (await mailsTo(email)).filter((sent) => sent.subject === 'Activate your Zulip account').pop());
    const key = /\/accounts\/do_confirm\/([a-z0-9]{24})\b/.exec(mail.text)?.[1];
    if (key === undefined) throw new Error(`no confirmation link in:\n${mail.text}`);
    return key;
  }

  function reusableKey(link: string): string {
    return /\/join\/([a-z2-7]{24})\/$/.exec(link)?.[1] as string;
  }

  beforeAll(async () => {
    database = await ownDatabase('chat_invites');
    child = await startChild(database);
    realm = await createTestRealm('invites', child.server);
    // An established realm: the new realms' shared limit is not its concern.
    await sql(`UPDATE realm SET date_created = now() - interval '30 days' WHERE string_id = $1`, [realm.subdomain]);
    admin = await realm.createUser('Ada Admin', 'administrator');
    member = await realm.createUser('Mo Member');
    other = await realm.createUser('Otto Other');
    guest = await realm.createUser('Gus Guest', 'guest');
    await subscribeTo(member.api, 'general');
    general = await channelId(member.api, 'general');
    realmId = (await sql<{ id: number }>(`SELECT id FROM realm WHERE string_id = $1`, [realm.subdomain]))[0].id;
  }, 180_000);

  afterAll(async () => {
    await child?.call('stop').catch(() => undefined);
    await database?.drop();
  });

  it('sends email invitations with the link, lists them, and tells administrators and the inviter', async () => {
    const adminQueue = await Queue.register(admin.api, { event_types: ['invites_changed'] });
    const memberQueue = await Queue.register(member.api, { event_types: ['invites_changed'] });
    const otherQueue = await Queue.register(other.api, { event_types: ['invites_changed'] });
    const before = Math.floor(Date.now() / 1000);
    const emails = ['ann@example.org', 'Bo Bee <bob@example.org>'];
    expectSuccess(await member.api.post('invites', { invitee_emails: emails.join('\n'), stream_ids: [general] }));

    const mine = await inviteesOf(member);
    expect(mine.map((invite) => invite.email)).toEqual(['ann@example.org', 'bob@example.org']);
    const [ann] = mine;
    expect(ann).toEqual({
      id: expect.any(Number),
      email: 'ann@example.org',
      invited_by_user_id: member.userId,
      invited: expect.any(Number),
      expiry_date: (ann.invited as number) + 10 * 24 * 60 * 60,
      invited_as: 400,
      is_multiuse: false,
      notify_referrer_on_join: true,
    });
    expect(ann.invited as number).toBeGreaterThanOrEqual(before - 1);
    // Administrators see everyone's; another member sees none of them.
    expect((await inviteesOf(admin)).map((invite) => invite.id)).toEqual(expect.arrayContaining(mine.map((invite) => invite.id)));
    expect(await inviteesOf(other)).toEqual([]);

    for (const queue of [adminQueue, memberQueue]) expect((await queue.take(1)).map((event) => event.type)).toEqual(['invites_changed']);
    expect((await otherQueue.poll({ dont_block: true })).body.events).toEqual([]);

    const mail = await until(async () => (await mailsTo('ann@example.org'))[0]);
    // The realm's name as createTestRealm gives it (cut at 40 characters).
    expect(mail.subject).toBe(`Mo Member has invited you to join ${`Realm ${realm.subdomain}`.slice(0, 40)}`);
    const key = await keyOf('ann@example.org');
    expect(mail.text).toContain(`Mo Member (${member.email}) wants you to join them on Zulip`);
    expect(mail.text).toContain(`<http://${realm.subdomain}.localhost:${child.server.port}/join/${key}/>`);
    expect(key).toMatch(/^[a-z2-7]{24}$/);
  });

  it("answers Zulip's partial failure: addresses in use are skipped, the others invited", async () => {
    const response = await member.api.post('invites', { invitee_emails: `${other.email}, carl@example.org`, stream_ids: [] });
    expectInvitationFailed(
      response,
      "Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!",
      [[other.email, 'Already has an account.', false]],
      true,
    );
    expect((await inviteesOf(member)).map((invite) => invite.email)).toContain('carl@example.org');
    expectInvitationFailed(await member.api.post('invites', { invitee_emails: other.email, stream_ids: [] }), "We weren't able to invite anyone.", [[other.email, 'Already has an account.', false]], false);
    expectInvitationFailed(
      await member.api.post('invites', { invitee_emails: `not-an-address, ${other.email}, dan@example.org`, stream_ids: [] }),
      "Some emails did not validate, so we didn't send any invitations.",
      [['not-an-address', 'Invalid address.', false], [other.email, 'Already has an account.', false]],
      false,
    );
    expect((await inviteesOf(member)).map((invite) => invite.email)).not.toContain('dan@example.org');
    expectError(await member.api.post('invites', { invitee_emails: '', stream_ids: [] }), 'You must specify at least one email address.');
    expectError(await member.api.post('invites', { invitee_emails: 'x@example.org' }), "Missing 'stream_ids' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'stream_ids' });
  });

  it('refuses whoever may not invite, and roles above the inviter', async () => {
    const one = { invitee_emails: 'role@example.org', stream_ids: [] };
    expectError(await guest.api.post('invites', one), 'Not allowed for guest users');
    expectError(await guest.api.get('invites'), 'Not allowed for guest users');
    expectError(await member.api.post('invites', { ...one, invite_as: 200 }), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
    expectError(await member.api.post('invites', { ...one, invite_as: 300 }), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
    expectError(await admin.api.post('invites', { ...one, invite_as: 100 }), 'Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL');
    expectError(await member.api.post('invites', { ...one, invite_as: 123 }), 'Invalid invite_as');
    expectSuccess(await realm.ownerApi.post('invites', { invitee_emails: 'owner2@example.org', stream_ids: [], invite_as: 100 }));
    // Reusable links: administrators by default (create_multiuse_invite_group).
    expectError(await member.api.post('invites/multiuse', {}), 'Insufficient permission');

    const groups = ok(await realm.ownerApi.get('user_groups')).user_groups as { id: number; name: string }[];
    const admins = groups.find((group) => group.name === 'role:administrators')?.id;
    const members = groups.find((group) => group.name === 'role:members')?.id;
    expectSuccess(await realm.ownerApi.patch('realm', { can_invite_users_group: { new: admins } }), { can_invite_users_group: admins });
    try {
      expectError(await member.api.post('invites', one), 'Insufficient permission');
      expectSuccess(await admin.api.post('invites', { invitee_emails: 'by-admin@example.org', stream_ids: [], invite_as: 300 }));
    } finally {
      await realm.ownerApi.patch('realm', { can_invite_users_group: { new: members } });
    }

    // Where anyone may join, a brand-new account may not invite (INVITES_MIN_USER_AGE_DAYS); administrators may.
    expectSuccess(await realm.ownerApi.patch('realm', { invite_required: false }), { invite_required: false });
    try {
      expectInvitationFailed(
        await member.api.post('invites', one),
        'Your account is too new to send invites for this organization. Ask an organization admin, or a more experienced user.',
        [],
        false,
      );
      expectSuccess(await admin.api.post('invites', { invitee_emails: 'open@example.org', stream_ids: [] }));
    } finally {
      await realm.ownerApi.patch('realm', { invite_required: true });
    }
  });

  it('checks the channels and groups an invitation gives', async () => {
    const one = { invitee_emails: 'chan@example.org' };
    expectError(await member.api.post('invites', { ...one, stream_ids: [987654] }), 'Invalid channel ID 987654. No invites were sent.');
    await subscribeTo(admin.api, 'secret-plans', { invite_only: true });
    const secret = await channelId(admin.api, 'secret-plans');
    expectError(await member.api.post('invites', { ...one, stream_ids: [secret] }), `Invalid channel ID ${secret}. No invites were sent.`);

    // Without the right to add subscribers, only default channels may be given.
    await subscribeTo(admin.api, 'announce');
    const announce = await channelId(admin.api, 'announce');
    await subscribeTo(admin.api, 'random');
    const random = await channelId(admin.api, 'random');
    expectSuccess(await admin.api.post('default_streams', { stream_id: announce }));
    const groups = ok(await realm.ownerApi.get('user_groups')).user_groups as { id: number; name: string }[];
    const admins = groups.find((group) => group.name === 'role:administrators')?.id;
    const members = groups.find((group) => group.name === 'role:members')?.id;
    expectSuccess(await realm.ownerApi.patch('realm', { can_add_subscribers_group: { new: admins } }), { can_add_subscribers_group: admins });
    try {
      expectError(await member.api.post('invites', { ...one, stream_ids: [random] }), 'You do not have permission to subscribe other users to channels.');
      expectSuccess(await member.api.post('invites', { ...one, stream_ids: [announce] }));
    } finally {
      await realm.ownerApi.patch('realm', { can_add_subscribers_group: { new: members } });
    }

    const made = ok(await admin.api.post('user_groups/create', { name: 'crew', description: 'The crew', members: [admin.userId] }));
    const crew = made.group_id as number;
    expectError(await member.api.post('invites', { invitee_emails: 'grp@example.org', stream_ids: [], group_ids: [crew] }), 'Insufficient permission');
    expectError(await admin.api.post('invites', { invitee_emails: 'grp@example.org', stream_ids: [], group_ids: [987654] }), 'Invalid user group');
    expectSuccess(await admin.api.post('invites', { invitee_emails: 'grp@example.org', stream_ids: [], group_ids: [crew] }));
  });

  it("refuses addresses outside the realm's domains when it restricts them", async () => {
    expectSuccess(await realm.ownerApi.post('realm/domains', { domain: 'allowed.test', allow_subdomains: false }), { new_domain: expect.any(Array) });
    expectSuccess(await realm.ownerApi.patch('realm', { emails_restricted_to_domains: true }), { emails_restricted_to_domains: true });
    try {
      expectInvitationFailed(
        await member.api.post('invites', { invitee_emails: 'eve@elsewhere.test, fay+x@allowed.test, gil@allowed.test', stream_ids: [] }),
        "Some emails did not validate, so we didn't send any invitations.",
        [['eve@elsewhere.test', 'Outside your domain.', false], ['fay+x@allowed.test', 'Email addresses containing + are not allowed.', false]],
        false,
      );
      expectSuccess(await member.api.post('invites', { invitee_emails: 'gil@allowed.test', stream_ids: [] }));
      // A reusable link's sign-up is held to the same domains, and mails nothing outside them.
      const key = reusableKey(ok(await admin.api.post('invites/multiuse', {})).invite_link as string);
      expect(await requestSignup('eve@elsewhere.test', key)).toEqual({
        kind: 'refused',
        message: 'Your email address, eve@elsewhere.test, is not in one of the domains that are allowed to register for accounts in this organization.',
      });
      expect(await requestSignup('fay+x@allowed.test', key)).toEqual({ kind: 'refused', message: 'Email addresses containing + are not allowed in this organization.' });
      expect(await mailsTo('eve@elsewhere.test')).toEqual([]);
      expect(await requestSignup('gus@allowed.test', key)).toEqual({ kind: 'sent', email: 'gus@allowed.test' });
      const pending = await confirmationMailedTo('gus@allowed.test');
      // The domains are checked again when the account is made: they may have changed meanwhile
      // (another domain stays: removing the last one lifts the restriction, as in Zulip).
      expectSuccess(await realm.ownerApi.post('realm/domains', { domain: 'other.test', allow_subdomains: false }), { new_domain: expect.any(Array) });
      expectSuccess(await realm.ownerApi.delete('realm/domains/allowed.test'));
      expect((await keyRefusal(register(pending, 'Gus Late'))).msg).toBe(
        'Your email address, gus@allowed.test, is not in one of the domains that are allowed to register for accounts in this organization.',
      );
    } finally {
      await realm.ownerApi.patch('realm', { emails_restricted_to_domains: false });
    }
  });

  it('revokes and resends, each by whoever may manage the invitation', async () => {
    expectSuccess(await admin.api.post('invites', { invitee_emails: 'rev@example.org', stream_ids: [] }));
    expectSuccess(await member.api.post('invites', { invitee_emails: 'res@example.org', stream_ids: [] }));
    const byAdmin = (await inviteesOf(admin)).find((invite) => invite.email === 'rev@example.org') as Json;
    const byMember = (await inviteesOf(member)).find((invite) => invite.email === 'res@example.org') as Json;
    expectError(await member.api.delete(`invites/${byAdmin.id}`), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
    expectError(await member.api.post(`invites/${byAdmin.id}/resend`), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
    expectError(await member.api.delete('invites/987654'), 'No such invitation');
    expectError(await member.api.post('invites/987654/resend'), 'No such invitation');

    const sentBefore = (await mailsTo('res@example.org')).length;
    expectSuccess(await member.api.post(`invites/${byMember.id}/resend`));
    const resent = await until(async () => {
      const sent = await mailsTo('res@example.org');
      return sent.length > sentBefore ? sent : undefined;
    });
    expect(resent[resent.length - 1].text).toContain(`/join/${await keyOf('res@example.org')}/`);

    const key = await keyOf('rev@example.org');
    const queue = await Queue.register(admin.api, { event_types: ['invites_changed'] });
    expectSuccess(await admin.api.delete(`invites/${byAdmin.id}`));
    expect((await queue.take(1))[0].type).toBe('invites_changed');
    expect((await inviteesOf(admin)).map((invite) => invite.id)).not.toContain(byAdmin.id);
    expectError(await admin.api.delete(`invites/${byAdmin.id}`), 'No such invitation');
    expect(await keyRefusal(lookup(key))).toEqual({ problem: 'revoked', msg: 'The confirmation link has expired or been deactivated.', status: 400 });
    // The member's own invitation, by the member.
    expectSuccess(await member.api.delete(`invites/${byMember.id}`));

    const link = ok(await admin.api.post('invites/multiuse', { invite_as: 600 })).invite_link as string;
    const listed = (await inviteesOf(admin)).find((invite) => invite.link_url === link) as Json;
    expect(listed).toEqual({
      id: expect.any(Number),
      invited_by_user_id: admin.userId,
      invited: expect.any(Number),
      expiry_date: (listed.invited as number) + 10 * 24 * 60 * 60,
      invited_as: 600,
      is_multiuse: true,
      link_url: link,
    });
    expectError(await member.api.delete(`invites/multiuse/${listed.id}`), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
    expectSuccess(await admin.api.delete(`invites/multiuse/${listed.id}`));
    expectError(await admin.api.delete(`invites/multiuse/${listed.id}`), 'Invitation has already been revoked');
    // An email invitation's id is no reusable link's.
    expectError(await admin.api.delete(`invites/${listed.id}`), 'No such invitation');
  });

  it('stops at the daily limit, resends counted', async () => {
    const limited = await createTestRealm('invlimit', child.server);
    const names = (from: number, count: number) => Array.from({ length: count }, (_, index) => `n${from + index}@example.org`).join(',');
    expectSuccess(await limited.ownerApi.post('invites', { invitee_emails: names(0, DAILY_MAX - 2), stream_ids: [] }));
    const refused = await limited.ownerApi.post('invites', { invitee_emails: names(100, 3), stream_ids: [] });
    expectInvitationFailed(
      refused,
      'To protect users, Zulip limits the number of invitations you can send in one day. Because you have reached the limit, no invitations were sent.',
      [],
      false,
      true,
    );
    const [first] = ok(await limited.ownerApi.get('invites')).invites as Json[];
    expectSuccess(await limited.ownerApi.post(`invites/${first.id}/resend`));
    expectSuccess(await limited.ownerApi.post('invites', { invitee_emails: names(200, 1), stream_ids: [] }));
    expect((await limited.ownerApi.post(`invites/${first.id}/resend`)).body.daily_limit_reached).toBe(true);
    // The limit is the realm's: another realm still invites.
    expectSuccess(await realm.ownerApi.post('invites', { invitee_emails: 'elsewhere@example.org', stream_ids: [] }));
    // And no realm reaches another's invitations.
    const theirs = (await inviteesOf(admin)).find((invite) => invite.email === 'elsewhere@example.org') as Json;
    expectError(await limited.ownerApi.delete(`invites/${theirs.id}`), 'No such invitation');
    expectError(await limited.ownerApi.post(`invites/${theirs.id}/resend`), 'No such invitation');
  });

  it("holds new realms to the limit they share, and no longer once a realm is established", async () => {
    // The limit test's realm sent 40 invitations today; all new realms together may send 50.
    const fresh = await createTestRealm('invnew', child.server);
    const names = (from: number, count: number) => Array.from({ length: count }, (_, index) => `m${from + index}@example.org`).join(',');
    expectSuccess(await fresh.ownerApi.post('invites', { invitee_emails: names(0, 9), stream_ids: [] }));
    expect((await fresh.ownerApi.post('invites', { invitee_emails: names(10, 2), stream_ids: [] })).body.daily_limit_reached).toBe(true);
    await sql(`UPDATE realm SET date_created = now() - interval '30 days' WHERE string_id = $1`, [fresh.subdomain]);
    expectSuccess(await fresh.ownerApi.post('invites', { invitee_emails: names(10, 2), stream_ids: [] }));
  });

  it('expires: a null expiry never does, a past one opens nothing and is no longer listed', async () => {
    expectSuccess(await admin.api.post('invites', { invitee_emails: 'forever@example.org', stream_ids: [], invite_expires_in_minutes: null }));
    expectSuccess(await admin.api.post('invites', { invitee_emails: 'soon@example.org', stream_ids: [], invite_expires_in_minutes: 1 }));
    const listed = await inviteesOf(admin);
    const forever = listed.find((invite) => invite.email === 'forever@example.org') as Json;
    const soon = listed.find((invite) => invite.email === 'soon@example.org') as Json;
    expect(forever.expiry_date).toBeNull();
    expect(soon.expiry_date).toBe((soon.invited as number) + 60);
    expectError(await admin.api.post('invites', { invitee_emails: 'bad@example.org', stream_ids: [], invite_expires_in_minutes: '"soon"' }), 'invite_expires_in_minutes is not an integer');

    await sql(`UPDATE invitation SET expiry_date = now() - interval '1 minute' WHERE email = 'soon@example.org'`);
    expect((await inviteesOf(admin)).map((invite) => invite.email)).not.toContain('soon@example.org');
    const key = await keyOf('soon@example.org');
    expect((await keyRefusal(lookup(key))).problem).toBe('expired');
    expect((await keyRefusal(accept(key, { fullName: 'Too Late', password: 'a long enough password 42' }))).problem).toBe('expired');
    expect((await keyRefusal(lookup('short'))).problem).toBe('malformed');
    expect((await keyRefusal(lookup('a'.repeat(24)))).problem).toBe('not_found');
  });

  it('creates the account an email invitation opens: role, channels, groups, the inviter told, used once', async () => {
    await subscribeTo(admin.api, 'lobby');
    const lobby = await channelId(admin.api, 'lobby');
    expectSuccess(await admin.api.post('default_streams', { stream_id: lobby }));
    await subscribeTo(admin.api, 'ops');
    const ops = await channelId(admin.api, 'ops');
    const crew = ok(await admin.api.post('user_groups/create', { name: 'night shift', description: 'Nights', members: [admin.userId] })).group_id as number;
    expectSuccess(
      await admin.api.post('invites', { invitee_emails: 'hana@example.org', stream_ids: [ops], group_ids: [crew], invite_as: 300, include_realm_default_subscriptions: false }),
    );
    const key = await keyOf('hana@example.org');
    expect(await lookup(key)).toEqual({
      invitationId: expect.any(Number),
      isMultiuse: false,
      realmId: expect.any(Number),
      email: 'hana@example.org',
      inviteAs: 300,
      streamIds: [ops],
      groupIds: [crew],
      referrerId: admin.userId,
      notifyReferrerOnJoin: true,
      includeRealmDefaultSubscriptions: false,
      expiryDate: expect.any(Date),
    });

    const queue = await Queue.register(admin.api, { event_types: ['invites_changed', 'message'] });
    const created = await accept(key, { fullName: 'Hana Hired', password: 'a long enough password 42' });
    expect(created).toEqual({ user_id: expect.any(Number), email: 'hana@example.org', api_key: expect.any(String) });
    const hana = realm.api.as({ email: 'hana@example.org', apiKey: created.api_key });
    expect((ok(await hana.get('users/me')) as Json).role).toBe(300);
    const subscribed = (ok(await hana.get('users/me/subscriptions')).subscriptions as { stream_id: number }[]).map((sub) => sub.stream_id);
    expect(subscribed).toEqual([ops]);
    expect(ok(await admin.api.get(`user_groups/${crew}/members/${created.user_id}`)).is_user_group_member).toBe(true);

    const events = await queue.takeWhere(2, () => true);
    expect(events.map((event) => event.type).sort()).toEqual(['invites_changed', 'message']);
    const note = events.find((event) => event.type === 'message')?.message as Json;
    expect(note.content).toContain(`@_**Hana Hired|${created.user_id}** accepted your invitation to join Zulip!`);
    expect(note.type).toBe('private');

    expect((await keyRefusal(accept(key, { fullName: 'Hana Again', password: 'a long enough password 42' }))).problem).toBe('used');
    expect((await inviteesOf(admin)).map((invite) => invite.email)).not.toContain('hana@example.org');
  });

  it("subscribes to the realm's default channels when asked, and stays quiet when the inviter did not ask", async () => {
    const lobby = await channelId(admin.api, 'lobby');
    expectSuccess(
      await admin.api.post('invites', { invitee_emails: 'ivo@example.org', stream_ids: [], include_realm_default_subscriptions: true, notify_referrer_on_join: false }),
    );
    const queue = await Queue.register(admin.api, { event_types: ['message'] });
    const created = await accept(await keyOf('ivo@example.org'), { fullName: 'Ivo Invited', password: 'a long enough password 42' });
    const ivo = realm.api.as({ email: 'ivo@example.org', apiKey: created.api_key });
    const subscribed = (ok(await ivo.get('users/me/subscriptions')).subscriptions as { stream_id: number }[]).map((sub) => sub.stream_id);
    expect(subscribed).toContain(lobby);
    expect((ok(await ivo.get('users/me')) as Json).role).toBe(400);
    expect((await queue.poll({ dont_block: true })).body.events).toEqual([]);
  });

  it('lets a reusable link sign up two people, each through a mailed confirmation, never used up', async () => {
    const crew = (ok(await admin.api.get('user_groups')).user_groups as { id: number; name: string }[]).find((group) => group.name === 'night shift')?.id as number;
    const lobby = await channelId(admin.api, 'lobby');
    const link = ok(
      await admin.api.post('invites/multiuse', { invite_as: 600, stream_ids: [general], group_ids: [crew], include_realm_default_subscriptions: true }),
    ).invite_link as string;
    const key = reusableKey(link);
    expect(link).toBe(`http://${realm.subdomain}.localhost:${child.server.port}/join/${key}/`);
    expect(await lookup(key)).toMatchObject({ isMultiuse: true, email: null, inviteAs: 600, groupIds: [crew], notifyReferrerOnJoin: false });

    // The link's key opens no account by itself: only a mailed confirmation does.
    expect((await keyRefusal(accept(key, { fullName: 'No Mail', password: 'a long enough password 42' }))).problem).toBe('not_found');
    // The realm requires invitations (Zulip's default): the sign-up page refuses the address, the link is the invitation.
    expect(await requestSignup('jo@example.org', null)).toEqual({ kind: 'refused', message: 'Please request an invite for jo@example.org from the organization administrator.' });

    for (const [email, name] of [['jo@example.org', 'Jo Link'], ['kim@example.org', 'Kim Link']]) {
      expect(await requestSignup(email, key)).toEqual({ kind: 'sent', email });
      const created = await register(await confirmationMailedTo(email), name);
      expect(created.email).toBe(email);
      const api = realm.api.as({ email: created.email, apiKey: created.api_key });
      expect((ok(await api.get('users/me')) as Json).role).toBe(600);
      expect(ok(await admin.api.get(`user_groups/${crew}/members/${created.user_id}`)).is_user_group_member).toBe(true);
      const subscribed = (ok(await api.get('users/me/subscriptions')).subscriptions as { stream_id: number }[]).map((sub) => sub.stream_id);
      expect(subscribed).toEqual(expect.arrayContaining([general, lobby]));
    }
    // A registered address is refused, and gets no mail.
    expect(await requestSignup('jo@example.org', key)).toEqual({
      kind: 'refused',
      message: "You've already registered with jo@example.org. Log in with it, or reset your password if you forgot it.",
    });
    expect((await mailsTo('jo@example.org')).length).toBe(1);
    const [row] = await sql<{ status: number; created_user_id: number | null }>(`SELECT status, created_user_id FROM invitation WHERE confirmation_key = $1`, [key]);
    expect(row).toEqual({ status: 0, created_user_id: null });
    // A confirmation records the link it came from and what it gives.
    const [pending] = await sql<Json>(
      `SELECT multiuse_invitation_id, invited_as, stream_ids, group_ids, include_realm_default_subscriptions FROM signup_confirmation WHERE email = 'kim@example.org'`,
    );
    const id = ((await inviteesOf(admin)).find((invite) => invite.link_url === link) as Json).id as number;
    expect(pending).toEqual({ multiuse_invitation_id: id, invited_as: 600, stream_ids: [general], group_ids: [crew], include_realm_default_subscriptions: true });
  });

  it("keeps a confirmation mailed from a reusable link working after the link is revoked or expires, as Zulip's do_revoke_multi_use_invite does", async () => {
    const ops = await channelId(admin.api, 'ops');
    const revokedLink = ok(await admin.api.post('invites/multiuse', { invite_as: 300, stream_ids: [ops] })).invite_link as string;
    const expiringLink = ok(await admin.api.post('invites/multiuse', { invite_as: 300, stream_ids: [ops] })).invite_link as string;
    expect(await requestSignup('lee@example.org', reusableKey(revokedLink))).toEqual({ kind: 'sent', email: 'lee@example.org' });
    expect(await requestSignup('mia@example.org', reusableKey(expiringLink))).toEqual({ kind: 'sent', email: 'mia@example.org' });

    const id = ((await inviteesOf(admin)).find((invite) => invite.link_url === revokedLink) as Json).id as number;
    expectSuccess(await admin.api.delete(`invites/multiuse/${id}`));
    await sql(`UPDATE invitation SET expiry_date = now() - interval '1 second' WHERE confirmation_key = $1`, [reusableKey(expiringLink)]);
    // The links themselves mail nothing more.
    expect((await keyRefusal(requestSignup('ned@example.org', reusableKey(revokedLink)))).problem).toBe('revoked');
    expect((await keyRefusal(requestSignup('ned@example.org', reusableKey(expiringLink)))).problem).toBe('expired');
    expect(await mailsTo('ned@example.org')).toEqual([]);

    // The confirmations already mailed still open the accounts they promised.
    for (const [email, name] of [['lee@example.org', 'Lee Late'], ['mia@example.org', 'Mia Late']]) {
      const created = await register(await confirmationMailedTo(email), name);
      const api = realm.api.as({ email: created.email, apiKey: created.api_key });
      expect((ok(await api.get('users/me')) as Json).role).toBe(300);
      const subscribed = (ok(await api.get('users/me/subscriptions')).subscriptions as { stream_id: number }[]).map((sub) => sub.stream_id);
      expect(subscribed).toContain(ops);
    }
  });

  it("revokes an address's pending invitations and sign-up links once it has an account some other way (Zulip's revoke_preregistration_users)", async () => {
    const email = 'yuri@example.org';
    const link = ok(await admin.api.post('invites/multiuse', { invite_as: 400, stream_ids: [] })).invite_link as string;
    const memberQueue = await Queue.register(member.api, { event_types: ['invites_changed'] });
    expectSuccess(await member.api.post('invites', { invitee_emails: email, stream_ids: [] }));
    expect((await memberQueue.take(1)).map((event) => event.type)).toEqual(['invites_changed']);
    const invitationKey = await keyOf(email);
    expect(await requestSignup(email, reusableKey(link))).toEqual({ kind: 'sent', email });
    const confirmation = await confirmationMailedTo(email);

    // An administrator creates the account directly: the invitation leaves the pending list, its maker is told.
    const created = await realm.ownerApi.post('users', { email, password: 'a long enough password 42', full_name: 'Yuri Direct' });
    expect(created.status).toBe(200);
    await until(async () => ((await inviteesOf(member)).some((invite) => invite.email === email) ? undefined : true));
    expect((await memberQueue.take(1)).map((event) => event.type)).toEqual(['invites_changed']);
    expect((await keyRefusal(lookup(invitationKey))).problem).toBe('revoked');
    expect((await keyRefusal(register(confirmation, 'Yuri Again'))).problem).toBe('expired');
    // Bots have no address to free: a bot's creation revokes nothing.
    const [{ count }] = await sql<{ count: string }>(`SELECT count(*) FROM invitation WHERE realm_id = $1 AND status = 2`, [realmId]);
    expect(ok(await member.api.post('bots', { short_name: 'yuribot', full_name: 'Yuri Bot', bot_type: 1 })).user_id).toEqual(expect.any(Number));
    expect((await sql<{ count: string }>(`SELECT count(*) FROM invitation WHERE realm_id = $1 AND status = 2`, [realmId]))[0].count).toBe(count);
  });

  it("expires a deactivated user's invitations, as Zulip revokes them", async () => {
    const dee = await realm.createUser('Dee Departing', 'administrator');
    expectSuccess(await dee.api.post('invites', { invitee_emails: 'dee-guest@example.org', stream_ids: [] }));
    const link = ok(await dee.api.post('invites/multiuse', {})).invite_link as string;
    const key = await keyOf('dee-guest@example.org');
    expectSuccess(await realm.ownerApi.delete(`users/${dee.userId}`));
    await until(async () => ((await inviteesOf(admin)).some((invite) => invite.invited_by_user_id === dee.userId) ? undefined : true));
    expect((await keyRefusal(lookup(key))).problem).toBe('expired');
    expect((await keyRefusal(lookup(/\/join\/([a-z2-7]{24})\/$/.exec(link)?.[1] as string))).problem).toBe('expired');
  });

  it('leaves the invitation usable when a sign-up fails', async () => {
    expectSuccess(await admin.api.post('invites', { invitee_emails: 'weak@example.org', stream_ids: [] }));
    const key = await keyOf('weak@example.org');
    expect((await keyRefusal(accept(key, { fullName: 'Weak Password', password: 'abc' }))).msg).toBe('The password is too weak.');
    // Still unused: the right password opens it.
    expect((await lookup(key)).email).toBe('weak@example.org');
    expect((await accept(key, { fullName: 'Strong Password', password: 'a long enough password 42' })).email).toBe('weak@example.org');

    // The address taken in the meantime, the invitation accepted before the account's creation
    // revoked it (after its commit): the insert fails inside the transaction, which leaves nothing.
    expectSuccess(await admin.api.post('invites', { invitee_emails: 'taken@example.org', stream_ids: [] }));
    const taken = await keyOf('taken@example.org');
    ok(await realm.ownerApi.post('users', { email: 'taken@example.org', password: 'a long enough password 42', full_name: 'Already Here' }));
    await until(async () => ((await inviteesOf(admin)).some((invite) => invite.email === 'taken@example.org') ? undefined : true));
    await sql(`UPDATE invitation SET status = 0 WHERE confirmation_key = $1`, [taken]);
    expect((await keyRefusal(accept(taken, { fullName: 'Too Late', password: 'a long enough password 42' }))).msg).toBe('Email is already in use.');
    const [row] = await sql<{ status: number; created_user_id: number | null }>(`SELECT status, created_user_id FROM invitation WHERE confirmation_key = $1`, [taken]);
    expect(row).toEqual({ status: 0, created_user_id: null });
  });
});
