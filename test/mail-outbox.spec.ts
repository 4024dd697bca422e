import { Api, createTestRealm, TestRealm } from './support/api';
import { ownDatabase, OwnDatabase, ServerProcess, startServer } from './support/server-process';
import { SmtpSink } from './support/smtp-sink';

/**
 * The mail outbox: a mail written with its change is delivered once, whether the mail
 * server is down for a while, the server restarts before sending it, or two server
 * processes (PostgreSQL + Redis) both see it. Mails are email-change confirmations, the
 * simplest change that sends one.
 */

const FAST_RETRIES = { MAIL_RETRY_DELAY_MS: '200' };

async function requestEmailChange(api: Api, newEmail: string): Promise<void> {
  const response = await api.patch('settings', { email: newEmail });
  expect(response.body).toEqual({ result: 'success', msg: '' });
}

/** Lets any late duplicate arrive: longer than a sweep interval (5 s) and several retries. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 6500));

describe('mail outbox', () => {
  const servers: ServerProcess[] = [];
  const sinks: SmtpSink[] = [];
  const databases: OwnDatabase[] = [];

  /** A server on storage of its own (on PostgreSQL: the run's server, without SMTP_URL, must not take these mails). */
  async function server(env: NodeJS.ProcessEnv, database?: OwnDatabase): Promise<ServerProcess> {
    const started = await startServer({ ...FAST_RETRIES, ...(database ? { DATABASE_URL: database.url } : {}), ...env });
    servers.push(started);
    return started;
  }

  async function newDatabase(name: string): Promise<OwnDatabase | undefined> {
    const database = await ownDatabase(name);
    if (database) databases.push(database);
    return database;
  }

  async function sink(listen: boolean): Promise<SmtpSink> {
    const created = await SmtpSink.create({ listen });
    sinks.push(created);
    return created;
  }

  afterAll(async () => {
    for (const started of servers) await started.stop();
    for (const created of sinks) await created.stop();
    for (const database of databases) await database.drop();
  });

  it('retries while the mail server is down and delivers the mail once when it is up', async () => {
    const smtp = await sink(false);
    const started = await server({ SMTP_URL: smtp.url }, await newDatabase('chat_mail_down'));
    const realm = await createTestRealm('mailretry', started);
    const user = await realm.createUser('Rita Retry');
    const newEmail = `rita-new@${realm.subdomain}.test`;
    await requestEmailChange(user.api, newEmail);
    // A few attempts fail (nothing listens), then the server comes up.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(started.stderr()).toMatch(/not sent \(attempt \d\), retrying/);
    await smtp.start();
    const mail = await smtp.waitFor(newEmail);
    expect(mail.subject).toBe(`Verify your new email address for ${`Realm ${realm.subdomain}`.slice(0, 40)}`);
    await settle();
    expect(smtp.to(newEmail)).toHaveLength(1);
  }, 180_000);

  it('delivers a mail left pending by a stopped server after the restart', async () => {
    const smtp = await sink(false);
    const database = await newDatabase('chat_mail_restart');
    const first = await server({ SMTP_URL: smtp.url, MAIL_RETRY_DELAY_MS: '3000' }, database);
    const realm = await createTestRealm('mailrestart', first);
    const user = await realm.createUser('Ronja Restart');
    const newEmail = `ronja-new@${realm.subdomain}.test`;
    await requestEmailChange(user.api, newEmail);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await first.stop();
    await smtp.start();
    // Same storage (the embedded database's directory, or the database), a new process.
    const second = await server({ SMTP_URL: smtp.url, DATA_DIR: first.dataDir }, database);
    const mail = await smtp.waitFor(newEmail, 1, 70_000);
    expect(mail.text).toContain('/accounts/confirm_new_email/');
    await settle();
    expect(smtp.to(newEmail)).toHaveLength(1);
    expect(second.stderr()).not.toMatch(/"level":"error"/);
  }, 180_000);

  const onPostgresAndRedis = process.env.DATABASE_URL && process.env.REDIS_URL ? it : it.skip;
  onPostgresAndRedis('sends each mail once with two server processes on PostgreSQL + Redis', async () => {
    const smtp = await sink(false);
    const database = await newDatabase('chat_mail_two');
    const one = await server({ SMTP_URL: smtp.url, WORKER: 'true' }, database);
    const two = await server({ SMTP_URL: smtp.url, WORKER: 'true' }, database);
    const realm: TestRealm = await createTestRealm('mailtwo', one);
    const addresses: string[] = [];
    for (let index = 0; index < 4; index++) {
      const user = await realm.createUser(`Twin ${index}`);
      const newEmail = `twin${index}-new@${realm.subdomain}.test`;
      addresses.push(newEmail);
      // Alternate processes: each commits half the mails.
      const api = index % 2 === 0 ? user.api : new Api(realm.subdomain, user, two.port);
      await requestEmailChange(api, newEmail);
    }
    await new Promise((resolve) => setTimeout(resolve, 800));
    await smtp.start();
    for (const address of addresses) await smtp.waitFor(address);
    await settle();
    for (const address of addresses) expect(smtp.to(address)).toHaveLength(1);
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(addresses.length);
  }, 180_000);
});
