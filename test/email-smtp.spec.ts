import { createTestRealm, TestRealm } from './support/api';
import { ownDatabase, OwnDatabase, ServerProcess, startServer } from './support/server-process';
import { linkIn, SmtpSink } from './support/smtp-sink';

/** With `SMTP_URL` set, the email-change confirmation goes out over SMTP, and its link works. */
describe('email-change mail over SMTP', () => {
  let smtp: SmtpSink;
  let server: ServerProcess;
  let realm: TestRealm;
  let database: OwnDatabase | undefined;

  beforeAll(async () => {
    smtp = await SmtpSink.create();
    // Storage of its own on PostgreSQL: the run's server (no SMTP_URL) must not take this mail.
    database = await ownDatabase('chat_email_smtp');
    server = await startServer({ SMTP_URL: smtp.url, NOREPLY_EMAIL: 'robot@mail.test', ...(database ? { DATABASE_URL: database.url } : {}) });
    realm = await createTestRealm('smtp', server);
  }, 180_000);

  afterAll(async () => {
    if (process.env.DEBUG_MAIL) console.log(server?.stderr());
    await server?.stop();
    await smtp?.stop();
    await database?.drop();
  });

  it('mails the confirmation link to the new address in text and HTML; opening it changes the address', async () => {
    const user = await realm.createUser('Mia Mail');
    const newEmail = `mia-new@${realm.subdomain}.test`;
    const response = await user.api.patch('settings', { email: newEmail });
    expect(response.body).toEqual({ result: 'success', msg: '' });

    const mail = await smtp.waitFor(newEmail);
    expect(mail.envelopeFrom).toBe('robot@mail.test');
    expect(mail.messageId).toMatch(/^<mail\.\d+\.[0-9a-z]+@mail\.test>$/);
    const link = linkIn(mail, '/accounts/confirm_new_email/');
    expect(link).toMatch(/^http:\/\/\S+\/accounts\/confirm_new_email\/[a-z0-9]{24}$/);
    expect(mail.html).toContain(`href="${link}"`);

    const page = await realm.api.request('GET', new URL(link).pathname);
    expect(page.status).toBe(200);
    const key = await realm.api.post('fetch_api_key', { username: newEmail, password: 'user-password' });
    expect(key.status).toBe(200);
  });
});
