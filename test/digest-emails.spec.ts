import { Api, createTestRealm, manage, sendMessage, subscribeTo, TestRealm, TestUser } from './support/api';
import { ownDatabase, OwnDatabase, ServerProcess, startServer } from './support/server-process';
import { linkIn, ReceivedMail, SmtpSink } from './support/smtp-sink';

/**
 * Digest emails (Zulip's zerver/lib/digest.py) through a real SMTP server: the pass is run
 * now with `manage enqueue-digest-emails --realm R` (the daily job runs the same command).
 * A user away for the period gets the busiest topics and the new channels; a user active in
 * it, a user with digests off, and a realm with digests off get none; a second pass in the
 * period sends nothing; the unsubscribe link and the one-click POST turn digests off.
 */

/** Longer than the mail sweep (5 s): a mail the CLI wrote on PostgreSQL has been delivered by then. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 6500));

async function digestPass(subdomain: string, server: ServerProcess): Promise<{ realms: number; considered: number; sent: number }> {
  return (await manage(['enqueue-digest-emails', '--realm', subdomain], {}, server)) as { realms: number; considered: number; sent: number };
}

async function digestSetting(user: TestUser): Promise<boolean> {
  const registered = await user.api.post('register', { fetch_event_types: ['user_settings'] });
  return (registered.body.user_settings as Record<string, unknown>).enable_digest_emails as boolean;
}

/** The link's path, asked of the realm's host as a browser or a mail client would. */
function pathOf(link: string): string {
  return new URL(link).pathname;
}

describe('digest emails', () => {
  let server: ServerProcess;
  let smtp: SmtpSink;
  let database: OwnDatabase | undefined;
  let realm: TestRealm;
  let away: TestUser;
  let active: TestUser;
  let off: TestUser;
  let bea: TestUser;
  let first: { realms: number; considered: number; sent: number };

  beforeAll(async () => {
    smtp = await SmtpSink.create();
    // On PostgreSQL a database of its own: the run's server (no SMTP_URL) must not take these mails.
    database = await ownDatabase('chat_digest');
    server = await startServer({ SMTP_URL: smtp.url, ...(database ? { DATABASE_URL: database.url } : {}) });
    realm = await createTestRealm('digest', server);
    expect((await realm.ownerApi.patch('realm', { digest_emails_enabled: true })).body).toMatchObject({ result: 'success' });
    away = await realm.createUser('Ada Away');
    active = await realm.createUser('Abe Active');
    off = await realm.createUser('Otto Off');
    bea = await realm.createUser('Bea Busy');
    expect((await off.api.patch('settings', { enable_digest_emails: false })).body).toMatchObject({ result: 'success' });

    await subscribeTo(realm.ownerApi, 'design', {}, [realm.owner.userId, away.userId, active.userId, off.userId, bea.userId]);
    await subscribeTo(realm.ownerApi, 'fresh');
    await subscribeTo(realm.ownerApi, 'secret', { invite_only: true });
    const say = (user: Api, topic: string, content: string): Promise<number> => sendMessage(user, { type: 'stream', to: 'design', topic, content });
    // launch: three people (the most diverse); lunch: five messages by one (the longest).
    await say(realm.ownerApi, 'launch', 'The launch is **Friday**.');
    await say(active.api, 'launch', 'Slides are ready.');
    await say(bea.api, 'launch', 'Press release too.');
    for (let index = 1; index <= 5; index++) await say(bea.api, 'lunch', `Lunch idea ${index}`);
    await say(bea.api, 'other', 'other one');
    await say(bea.api, 'other', 'other two');
    await say(bea.api, 'misc', 'misc one');
    await say(bea.api, 'quiet', 'quiet one');
    await sendMessage(realm.ownerApi, { type: 'stream', to: 'secret', topic: 'hidden', content: 'Nobody else sees this.' });

    // A private channel whose history its subscribers see only from their joining: Ada joins
    // after a message was sent there, which her digest must not show.
    await subscribeTo(realm.ownerApi, 'vault', { invite_only: true, history_public_to_subscribers: false }, [realm.owner.userId, bea.userId]);
    // Two people: were it visible, the second most diverse topic.
    await sendMessage(bea.api, { type: 'stream', to: 'vault', topic: 'before-ada', content: 'Before Ada joined.' });
    await sendMessage(realm.ownerApi, { type: 'stream', to: 'vault', topic: 'before-ada', content: 'Indeed.' });
    await subscribeTo(realm.ownerApi, 'vault', {}, [away.userId]);

    // Active in the period: an active presence ping.
    expect((await active.api.post('users/me/presence', { status: 'active' })).body).toMatchObject({ result: 'success' });
    first = await digestPass(realm.subdomain, server);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
    await database?.drop();
  });

  let mail: ReceivedMail;

  it('sends a user away for the period the busiest topics and the new channels', async () => {
    // A loaded machine (the CLI's start, the sweep's 5 s on PostgreSQL) may take a while.
    mail = await smtp.waitFor(away.email, 1, 60_000);
    expect(mail.subject).toBe(`Zulip digest for Realm ${realm.subdomain}`.slice(0, 60));
    // Two most diverse (launch, then the first of the rest), filled by length: lunch, other, misc.
    const headers = mail.text.split('\n').filter((line) => line.startsWith('#design > '));
    expect(headers).toEqual(['#design > launch', '#design > lunch', '#design > other', '#design > misc']);
    expect(mail.text).toContain('Olivia Owner: The launch is **Friday**.');
    expect(mail.text).toContain('+ 1 more message by Abe Active, Bea Busy and Olivia Owner.');
    expect(mail.text).toContain('+ 3 more messages by Bea Busy.');
    expect(mail.text).not.toContain('quiet');
    // The realm's channels are all new in the period: general (made with the realm), design, fresh.
    expect(mail.text).toMatch(/\*\* New channels \*\*\n {4}general, design and fresh\./);
    // The private channel is neither new to this user nor a conversation of theirs.
    expect(mail.text).not.toContain('secret');
    expect(mail.text).not.toContain('before-ada');
    expect(mail.html).not.toContain('Before Ada joined');
    expect(mail.html).not.toContain('secret');
    expect(mail.html).toContain('<strong>Friday</strong>');
    expect(mail.html).toContain('/#narrow/channel/');
    const link = linkIn(mail, '/accounts/unsubscribe/digest/');
    const header = (name: string): string | undefined => mail.parsed.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n\s+/g, ' ');
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${link}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  }, 90_000);

  it('sends none to a user active in the period, or with digests off, and one per period', async () => {
    // The owner (no presence either) and Bea are away too: away, owner and Bea, not Abe or Otto.
    expect(first).toEqual({ realms: 1, considered: 3, sent: 3 });
    const again = await digestPass(realm.subdomain, server);
    expect(again).toEqual({ realms: 1, considered: 0, sent: 0 });
    await settle();
    expect(smtp.to(active.email)).toHaveLength(0);
    expect(smtp.to(off.email)).toHaveLength(0);
    expect(smtp.to(away.email)).toHaveLength(1);
    expect(smtp.to(bea.email)).toHaveLength(1);
  }, 60_000);

  it('sends none in a realm with digests off', async () => {
    const quiet = await createTestRealm('nodigest', server);
    const member = await realm.createUser('Nina Nodigest');
    const other = await quiet.createUser('Quinn Quiet');
    await subscribeTo(quiet.ownerApi, 'news', {}, [quiet.owner.userId, other.userId]);
    await sendMessage(quiet.ownerApi, { type: 'stream', to: 'news', topic: 'hello', content: 'hello' });
    expect(await digestPass(quiet.subdomain, server)).toEqual({ realms: 0, considered: 0, sent: 0 });
    await settle();
    expect(smtp.to(other.email)).toHaveLength(0);
    expect(smtp.to(quiet.owner.email)).toHaveLength(0);
    expect(member.userId).toBeGreaterThan(0);
  }, 60_000);

  it('sends one digest per person when two passes run at once', async () => {
    const twin = await createTestRealm('digesttwin', server);
    expect((await twin.ownerApi.patch('realm', { digest_emails_enabled: true })).body).toMatchObject({ result: 'success' });
    const zoe = await twin.createUser('Zoe Zero');
    await subscribeTo(twin.ownerApi, 'talk', {}, [twin.owner.userId, zoe.userId]);
    await sendMessage(twin.ownerApi, { type: 'stream', to: 'talk', topic: 'plans', content: 'plans' });
    const passes = await Promise.all([digestPass(twin.subdomain, server), digestPass(twin.subdomain, server)]);
    // Zoe and the owner: each claimed by exactly one of the passes.
    expect(passes[0].sent + passes[1].sent).toBe(2);
    await smtp.waitFor(zoe.email, 1, 60_000);
    await settle();
    expect(smtp.to(zoe.email)).toHaveLength(1);
    expect(smtp.to(twin.owner.email)).toHaveLength(1);
  }, 120_000);

  it('turns digests off from the link, and from the one-click POST', async () => {
    expect(await digestSetting(away)).toBe(true);
    const link = linkIn(mail, '/accounts/unsubscribe/digest/');
    const page = await away.api.request('GET', pathOf(link));
    expect(page.status).toBe(200);
    expect(String(page.body.raw)).toContain('You&#39;ve successfully unsubscribed from Zulip digest emails.');
    expect(await digestSetting(away)).toBe(false);

    const beaMail = smtp.to(bea.email)[0];
    const oneClick = await realm.api.request('POST', pathOf(linkIn(beaMail, '/accounts/unsubscribe/digest/')), {}, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    expect(await digestSetting(bea)).toBe(false);

    const unknown = await realm.api.request('GET', '/accounts/unsubscribe/digest/abcdefghijklmnopqrstuvwx');
    expect(String(unknown.body.raw)).toContain('we don&#39;t recognize the URL');
    const wrongKind = await realm.api.request('GET', pathOf(link).replace('/digest/', '/marketing/'));
    expect(String(wrongKind.body.raw)).toContain('we don&#39;t recognize the URL');
  });
});
