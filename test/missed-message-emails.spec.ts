import { Api, createTestRealm, sendMessage, subscribeTo, TestRealm, TestUser } from './support/api';
import { ownDatabase, OwnDatabase, ServerProcess, startServer } from './support/server-process';
import { makeHere, setSettings } from './support/notification-presence';
import { linkIn, ReceivedMail, SmtpSink } from './support/smtp-sink';
import { sleep, until } from './support/until';

/**
 * Missed-message emails (Zulip's): a user away (no queue receiving messages, or idle
 * presence) gets, after their batching period, one email per conversation of what they
 * did not read, per their settings, with a link back and a working unsubscribe link and
 * header. Batching periods are 1-2 s (Zulip allows any positive number of seconds).
 * Also an edit that newly mentions an away user (Zulip's process_message_update_event), and
 * a queue collected with messages its client never fetched (Zulip's missedmessage_hook).
 */

/** Longer than a batching period plus a sweep interval (5 s): what was not sent by then is never sent. */
const QUIET_MS = 7000;

async function offlineEmailSetting(user: TestUser): Promise<unknown> {
  const state = await user.api.post('register', { fetch_event_types: JSON.stringify(['user_settings']) });
  return (state.body.user_settings as Record<string, unknown>).enable_offline_email_notifications;
}

/** A header as sent (mailparser folds List-* headers into one object, so the raw line is read). */
function header(mail: ReceivedMail, name: string): string {
  const line = mail.parsed.headerLines.find((candidate) => candidate.key === name.toLowerCase());
  return line ? line.line.slice(name.length + 1).trim() : '';
}

describe('missed-message emails', () => {
  const servers: ServerProcess[] = [];
  const databases: OwnDatabase[] = [];
  const sinks: SmtpSink[] = [];
  let smtp: SmtpSink;
  let realm: TestRealm;
  let alice: TestUser;

  async function server(env: NodeJS.ProcessEnv, database?: OwnDatabase): Promise<ServerProcess> {
    const started = await startServer({ SMTP_URL: smtp.url, ...(database ? { DATABASE_URL: database.url } : {}), ...env });
    servers.push(started);
    return started;
  }

  async function newDatabase(name: string): Promise<OwnDatabase | undefined> {
    const database = await ownDatabase(name);
    if (database) databases.push(database);
    return database;
  }

  /** A user away from the server (no queue, no presence) whose batches end after `seconds`. */
  async function awayUser(name: string, seconds = 1, settings: Record<string, unknown> = {}): Promise<TestUser> {
    const user = await realm.createUser(name);
    await setSettings(user, { email_notifications_batching_period_seconds: seconds, ...settings });
    return user;
  }

  beforeAll(async () => {
    smtp = await SmtpSink.create();
    const started = await server({}, await newDatabase('chat_missed'));
    realm = await createTestRealm('missed', started);
    alice = await realm.createUser('Alice Sender');
  }, 120_000);

  afterAll(async () => {
    for (const started of servers) await started.stop();
    await smtp.stop();
    for (const sink of sinks) await sink.stop();
    for (const database of databases) await database.drop();
  });

  it('sends direct messages to an away user after the batching period, two in one email, with the unsubscribe header', async () => {
    const bob = await awayUser('Bob Away', 2);
    const sentAt = Date.now();
    await sendMessage(alice.api, { type: 'direct', to: JSON.stringify([bob.userId]), content: 'First note for Bob' });
    await sendMessage(alice.api, { type: 'direct', to: JSON.stringify([bob.userId]), content: 'Second note for **Bob**' });
    const mail = await smtp.waitFor(bob.email);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1900);
    expect(mail.subject).toBe('DMs with Alice Sender');
    // Zulip's sender: "<INSTALLATION_NAME> notifications" (the external host) at the no-reply address.
    expect(mail.parsed.from?.value[0]?.name).toBe(`localhost:${servers[0].port} notifications`);
    expect(mail.parsed.from?.value[0]?.address).toBe('noreply@localhost');
    expect(mail.text).toContain('First note for Bob');
    expect(mail.text).toContain('Second note for **Bob**');
    expect(mail.html).toContain('<strong>Bob</strong>');
    expect(mail.text).toContain('/#narrow/dm/');
    const unsubscribe = linkIn(mail, '/accounts/unsubscribe/missed_messages/');
    expect(unsubscribe).toMatch(/\/accounts\/unsubscribe\/missed_messages\/[a-z0-9]{24}$/);
    expect(header(mail, 'List-Unsubscribe')).toBe(`<${unsubscribe}>`);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    await sleep(QUIET_MS);
    expect(smtp.to(bob.email)).toHaveLength(1);
  }, 60_000);

  it('sends nothing for messages read meanwhile, or with the setting off, or to a user who is here', async () => {
    const carol = await awayUser('Carol Reader', 2);
    const dave = await awayUser('Dave Off', 1, { enable_offline_email_notifications: false });
    const henry = await awayUser('Henry Here', 1);
    const erin = await awayUser('Erin Control', 1);
    // Henry is here: a queue that receives messages and active presence.
    await makeHere(henry);

    const read = await sendMessage(alice.api, { type: 'direct', to: JSON.stringify([carol.userId]), content: 'Carol reads this at once' });
    const flagged = await carol.api.post('messages/flags', { messages: JSON.stringify([read]), op: 'add', flag: 'read' });
    expect(flagged.status).toBe(200);
    await sendMessage(alice.api, { type: 'direct', to: JSON.stringify([dave.userId]), content: 'Dave wants no email' });
    await sendMessage(alice.api, { type: 'direct', to: JSON.stringify([henry.userId]), content: 'Henry is online' });
    await sendMessage(alice.api, { type: 'direct', to: JSON.stringify([erin.userId]), content: 'Erin is away' });
    await smtp.waitFor(erin.email);
    await sleep(QUIET_MS);
    expect(smtp.to(carol.email)).toHaveLength(0);
    expect(smtp.to(dave.email)).toHaveLength(0);
    expect(smtp.to(henry.email)).toHaveLength(0);

    // Carol's next unread message does come, alone.
    await sendMessage(alice.api, { type: 'direct', to: JSON.stringify([carol.userId]), content: 'Carol misses this one' });
    const mail = await smtp.waitFor(carol.email);
    expect(mail.text).toContain('Carol misses this one');
    expect(mail.text).not.toContain('Carol reads this at once');
  }, 90_000);

  it('sends channel mentions and channel messages by the user setting where the channel setting is null', async () => {
    const frank = await awayUser('Frank Mentioned', 1);
    const grace = await awayUser('Grace Channel', 1, { enable_stream_email_notifications: true });
    const ivan = await awayUser('Ivan Opted Out', 1, { enable_stream_email_notifications: true });
    const channel = `missed-${Date.now()}`;
    await subscribeTo(alice.api, channel, {}, [alice.userId, frank.userId, grace.userId, ivan.userId]);
    const subscriptions = await ivan.api.get('users/me/subscriptions');
    const streamId = (subscriptions.body.subscriptions as { name: string; stream_id: number }[]).find((sub) => sub.name === channel);
    // Frank's and Grace's channel settings stay null (their defaults decide); Ivan's overrides his default.
    const changed = await ivan.api.post('users/me/subscriptions/properties', {
      subscription_data: JSON.stringify([{ stream_id: streamId?.stream_id, property: 'email_notifications', value: false }]),
    });
    expect(changed.status).toBe(200);

    await sendMessage(alice.api, { type: 'stream', to: channel, topic: 'plans', content: 'Earlier context line' });
    await sendMessage(alice.api, { type: 'stream', to: channel, topic: 'plans', content: '@**Frank Mentioned** please look' });
    const mention = await smtp.waitFor(frank.email);
    // Zulip shows a mention with the messages just before it in the topic.
    expect(mention.text.indexOf('Earlier context line')).toBeGreaterThanOrEqual(0);
    expect(mention.text.indexOf('Earlier context line')).toBeLessThan(mention.text.indexOf('please look'));
    expect(mention.subject).toBe(`#${channel} > plans`);
    expect(mention.text).toContain('please look');
    expect(mention.text).toContain('mentioned');
    expect(mention.text).toContain(`/#narrow/channel/`);
    // Grace gets every message of the channel: the notice of its creation too, in its own email.
    const channelMail = await until(() => smtp.to(grace.email).find((mail) => mail.subject === `#${channel} > plans`), 'Grace\'s mail');
    expect(channelMail.text).toContain('please look');
    await sleep(QUIET_MS);
    // Ivan had the creation notice (before his override), not the message after it.
    expect(smtp.to(ivan.email).filter((mail) => mail.subject === `#${channel} > plans`)).toHaveLength(0);
    expect(smtp.to(frank.email)).toHaveLength(1);
  }, 90_000);

  it('turns the emails off through the unsubscribe link and the one-click POST', async () => {
    const judy = await awayUser('Judy Unsubscribes', 1);
    await sendMessage(alice.api, { type: 'direct', to: JSON.stringify([judy.userId]), content: 'Before unsubscribing' });
    const mail = await smtp.waitFor(judy.email);
    const link = new URL(linkIn(mail, '/accounts/unsubscribe/'));
    const page = await realm.api.request('GET', link.pathname);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(String(page.body.raw)).toContain('Email settings updated');
    expect(await offlineEmailSetting(judy)).toBe(false);
    await sendMessage(alice.api, { type: 'direct', to: JSON.stringify([judy.userId]), content: 'After unsubscribing' });

    // One-click, as a mail client posts it (RFC 8058).
    const kate = await awayUser('Kate One Click', 1);
    await sendMessage(alice.api, { type: 'direct', to: JSON.stringify([kate.userId]), content: 'For Kate' });
    const kateMail = await smtp.waitFor(kate.email);
    const kateLink = new URL(header(kateMail, 'List-Unsubscribe').replace(/^<|>$/g, ''));
    const posted = await realm.api.request('POST', kateLink.pathname, {}, { body: 'List-Unsubscribe=One-Click' });
    expect(posted.status).toBe(200);
    expect(await offlineEmailSetting(kate)).toBe(false);

    // Zulip's unsubscribe view answers an unknown key with its error page, status 200.
    const bad = await realm.api.request('GET', '/accounts/unsubscribe/missed_messages/notakeyatall000000000000');
    expect(bad.status).toBe(200);
    expect(String(bad.body.raw)).toContain('Unknown email unsubscribe request');
    await sleep(QUIET_MS);
    expect(smtp.to(judy.email)).toHaveLength(1);
  }, 90_000);

  it('emails a user an edit newly mentions once, and nobody the message already mentioned', async () => {
    const leo = await awayUser('Leo Edited In', 1);
    const mia = await awayUser('Mia Mentioned Before', 1);
    const channel = `edits-${Date.now()}`;
    await subscribeTo(alice.api, channel, {}, [alice.userId, leo.userId, mia.userId]);
    const id = await sendMessage(alice.api, { type: 'stream', to: channel, topic: 'draft', content: 'For @**Mia Mentioned Before** only' });
    const first = await smtp.waitFor(mia.email);
    expect(first.text).toContain('For @');
    const edit = async (content: string): Promise<void> => {
      const edited = await alice.api.patch(`messages/${id}`, { content });
      expect(edited.body).toMatchObject({ result: 'success', msg: '' });
    };
    await edit('For @**Mia Mentioned Before** and @**Leo Edited In**');
    const mail = await smtp.waitFor(leo.email);
    expect(mail.subject).toBe(`#${channel} > draft`);
    expect(mail.text).toContain('and @**Leo Edited In**');
    expect(mail.text).toContain('mentioned');
    // Typo fixes of a message that already mentioned them tell nobody again.
    await edit('For @**Mia Mentioned Before** and @**Leo Edited In**, thanks');
    await sleep(QUIET_MS);
    expect(smtp.to(leo.email)).toHaveLength(1);
    expect(smtp.to(mia.email)).toHaveLength(1);
  }, 90_000);

  describe('a queue that expires (EVENT_QUEUE_IDLE_SECONDS=2)', () => {
    let gcRealm: TestRealm;
    let sender: TestUser;

    beforeAll(async () => {
      // On the run's Redis database beside the other files' servers: its database has a
      // keyspace of its own there, which only its own processes collect while they run.
      const started = await server({ EVENT_QUEUE_IDLE_SECONDS: '2', HEARTBEAT_SECONDS: '1' }, await newDatabase('chat_missed_gc'));
      gcRealm = await createTestRealm('missedgc', started);
      sender = await gcRealm.createUser('Gus Sender');
    }, 120_000);

    /** A user who is here at send time: a queue receiving messages (never polled) and active presence. */
    async function hereUser(name: string, queues: Record<string, unknown>[] = [{}]): Promise<TestUser> {
      const user = await gcRealm.createUser(name);
      await setSettings(user, { email_notifications_batching_period_seconds: 1 });
      await makeHere(user, queues);
      return user;
    }

    const dm = (user: TestUser, content: string): Promise<number> =>
      sendMessage(sender.api, { type: 'direct', to: JSON.stringify([user.userId]), content });

    it('emails what the expired queue held to a user left without a queue, and nothing to one with another queue or who read it', async () => {
      const nora = await hereUser('Nora Laptop Closed');
      const omar = await hereUser('Omar Two Tabs', [{}, { lifespan_secs: 600 }]);
      const pia = await hereUser('Pia Reader');
      await dm(nora, 'Nora, while your laptop slept');
      await dm(omar, 'Omar still has a tab open');
      const read = await dm(pia, 'Pia reads this on her phone');
      const flagged = await pia.api.post('messages/flags', { messages: JSON.stringify([read]), op: 'add', flag: 'read' });
      expect(flagged.status).toBe(200);
      const mail = await smtp.waitFor(nora.email, 1, 30_000);
      expect(mail.subject).toBe('DMs with Gus Sender');
      expect(mail.text).toContain('Nora, while your laptop slept');
      await sleep(QUIET_MS);
      expect(smtp.to(nora.email)).toHaveLength(1);
      expect(smtp.to(omar.email)).toHaveLength(0);
      expect(smtp.to(pia.email)).toHaveLength(0);
    }, 90_000);

    it('emails a user idle at send time once, not again when their queue expires with the message', async () => {
      // A queue, but no presence: idle, so the send itself writes the row (Zulip's presence_idle_user_ids).
      const quinn = await gcRealm.createUser('Quinn Idle Queue');
      await setSettings(quinn, { email_notifications_batching_period_seconds: 1 });
      const registered = await quinn.api.post('register', { event_types: JSON.stringify(['message']) });
      expect(registered.status).toBe(200);
      await dm(quinn, 'Quinn gets this once');
      const mail = await smtp.waitFor(quinn.email);
      expect(mail.text).toContain('Quinn gets this once');
      // The queue expires (2 s) with the message unfetched, after the email went.
      await sleep(QUIET_MS);
      expect(smtp.to(quinn.email)).toHaveLength(1);
    }, 60_000);
  });

  it('sends a batch once across a restart and a mail server down for a while (and, on PostgreSQL + Redis, with two server processes)', async () => {
    const database = await newDatabase('chat_missed_restart');
    const twoProcesses = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
    // A mail server of its own, down until the batch is written to the outbox.
    const downSmtp = await SmtpSink.create({ listen: false });
    // Stopped after the servers (afterAll): a sink closing waits for its clients' connections.
    sinks.push(downSmtp);
    const env = { SMTP_URL: downSmtp.url, MAIL_RETRY_DELAY_MS: '200' };
    const first = await server(env, database);
    const other = twoProcesses ? await server(env, database) : null;
    const restartRealm = await createTestRealm('missedrestart', first);
    const sender = await restartRealm.createUser('Sam Sender');
    const away = await restartRealm.createUser('Rob Restart');
    await setSettings(away, { email_notifications_batching_period_seconds: 3 });
    await sendMessage(sender.api, { type: 'direct', to: JSON.stringify([away.userId]), content: 'Sent before the restart' });
    if (other) {
      await sendMessage(new Api(restartRealm.subdomain, sender, other.port), {
        type: 'direct', to: JSON.stringify([away.userId]), content: 'Sent through the other process',
      });
    }
    // The process that wrote the rows stops before they are due.
    await sleep(300);
    await first.stop();
    const second = await server({ ...env, DATA_DIR: first.dataDir }, database);
    await until(() => (/not sent \(attempt \d\), retrying/.test(second.stderr() + (other?.stderr() ?? '')) ? true : undefined), 'a failed attempt', 40_000);
    await downSmtp.start();
    const mail = await downSmtp.waitFor(away.email, 1, 40_000);
    expect(mail.text).toContain('Sent before the restart');
    if (other) expect(mail.text).toContain('Sent through the other process');
    await sleep(QUIET_MS);
    expect(downSmtp.to(away.email)).toHaveLength(1);
    expect(second.stderr()).not.toMatch(/"level":"error"/);
  }, 180_000);
});
