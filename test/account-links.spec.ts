import { createTestRealm, manage, ok, TestRealm, TestUser } from './support/api';
import { openForm, OpenedForm, postForm, rawRequest, submitForm } from './support/raw-request';
import { MailServer, startMailServer } from './support/mail-server';
import { ownRedisUrl, ServerProcess } from './support/server-process';
import { ReceivedMail, SmtpSink } from './support/smtp-sink';

/**
 * Issue 33 items 2 and 4: mailed account links end with the credentials they were made for
 * (a password reset link with the password or the address, an email-change confirmation
 * with the password), and email-change confirmations are limited per user as Zulip limits
 * them. The server has rate limits on (each test uses users of its own); mail reaches a
 * real SMTP server in the test process.
 */

const NEW_PASSWORD = 'correct horse battery staple 42';
const OLD_PASSWORD = 'user-password';

/** This file's own Redis database when the run has Redis: rate-limit counts of its own. */
const REDIS_INDEX = process.env.REDIS_URL && new URL(process.env.REDIS_URL).pathname === '/5' ? 4 : 5;

/** The path of the link of a mail's text containing `fragment`. */
function linkPath(mail: ReceivedMail, fragment: string): string {
  const link = (mail.text.match(/https?:\/\/[^\s<>]+/g) ?? []).find((url) => url.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in mail '${mail.subject}':\n${mail.text}`);
  return new URL(link).pathname;
}

describe('issue 33: account links and email-change limits', () => {
  let mailServer: MailServer | undefined;
  let smtp: SmtpSink;
  let server: ServerProcess;
  let realm: TestRealm;

  beforeAll(async () => {
    const redisUrl = await ownRedisUrl(REDIS_INDEX);
    mailServer = await startMailServer('chat_account_links', { RATE_LIMIT_ENABLED: 'true', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) });
    ({ smtp, server } = mailServer);
    realm = await createTestRealm('links', server);
  }, 180_000);

  afterAll(async () => {
    await mailServer?.stop();
  });

  /** The next mail to `address` after what it has received so far. */
  async function nextMail(address: string, request: () => Promise<void>): Promise<ReceivedMail> {
    const before = smtp.to(address).length;
    await request();
    return smtp.waitFor(address, before + 1);
  }

  /** A reset link mailed to `user` (the form on the realm's host, as a browser sends it). */
  async function resetLink(user: TestUser): Promise<string> {
    const mail = await nextMail(user.email, async () => {
      const { answer } = await submitForm(server.port, realm.api.host, '/accounts/password/reset/', { email: user.email });
      expect(answer.status).toBe(303);
    });
    return linkPath(mail, '/accounts/password/reset/');
  }

  /** Whether a reset link's page offers the new-password form (else it says the link is invalid). */
  async function resetLinkOpens(path: string): Promise<boolean> {
    const page = await rawRequest(server.port, realm.api.host, 'GET', path);
    expect(page.status).toBe(200);
    const opens = page.body.includes('name="new_password1"');
    expect(page.body.includes('This password reset link is invalid')).toBe(!opens);
    return opens;
  }

  /** A reset link's form, opened while the link works (as a browser tab left open would hold it). */
  function resetForm(path: string): Promise<OpenedForm> {
    return openForm(server.port, realm.api.host, path);
  }

  /** Sets `password` through a reset link's form opened before; whether the form took it. */
  async function resetThrough(form: OpenedForm, password: string): Promise<boolean> {
    const answer = await postForm(server.port, realm.api.host, form, { new_password1: password, new_password2: password });
    // Taken: the browser lands in the web app, signed in.
    const taken = answer.status === 302 && /^sessionid=/.test(String(answer.headers['set-cookie']?.[0]));
    expect(taken).toBe(!answer.body.includes('This password reset link is invalid'));
    return taken;
  }

  /** `PATCH /settings` with `email`: the confirmation link mailed to the new address. */
  async function emailChangeLink(user: TestUser, newEmail: string): Promise<string> {
    const mail = await nextMail(newEmail, async () => {
      ok(await user.api.patch('settings', { email: newEmail }));
    });
    return linkPath(mail, '/accounts/confirm_new_email/');
  }

  async function confirm(path: string): Promise<number> {
    return (await rawRequest(server.port, realm.api.host, 'GET', path)).status;
  }

  async function deliveryEmail(user: TestUser): Promise<string> {
    return ok(await realm.ownerApi.get(`users/${user.userId}`)).user.delivery_email as string;
  }

  async function signsIn(user: TestUser, password: string): Promise<boolean> {
    return (await realm.api.post('fetch_api_key', { username: user.email, password })).status === 200;
  }

  it('issue 33 item 2: a password change through PATCH /settings ends reset links and a pending email change', async () => {
    const user = await realm.createUser('Pat Settings');
    const reset = await resetLink(user);
    const change = await emailChangeLink(user, `pat-new-${user.userId}@links.test`);
    expect(await resetLinkOpens(reset)).toBe(true);
    const form = await resetForm(reset);

    ok(await user.api.patch('settings', { old_password: OLD_PASSWORD, new_password: NEW_PASSWORD }));
    expect(await resetLinkOpens(reset)).toBe(false);
    expect(await resetThrough(form, 'an attacker chose this password 9')).toBe(false);
    expect(await confirm(change)).toBe(404);
    expect(await deliveryEmail(user)).toBe(user.email);
    expect(await signsIn(user, NEW_PASSWORD)).toBe(true);
  });

  it('issue 33 item 2: a confirmed email change ends reset links mailed to the old address', async () => {
    const user = await realm.createUser('Eve Email');
    const reset = await resetLink(user);
    const form = await resetForm(reset);
    const newEmail = `eve-new-${user.userId}@links.test`;
    expect(await confirm(await emailChangeLink(user, newEmail))).toBe(200);
    expect(await deliveryEmail(user)).toBe(newEmail);

    expect(await resetLinkOpens(reset)).toBe(false);
    expect(await resetThrough(form, 'an attacker chose this password 9')).toBe(false);
    expect((await realm.api.post('fetch_api_key', { username: newEmail, password: OLD_PASSWORD })).status).toBe(200);
  });

  it('issue 33 item 2: the CLI\'s change-password and a completed reset end the other links and a pending email change', async () => {
    const byCli = await realm.createUser('Carl Cli');
    const cliReset = await resetLink(byCli);
    const cliChange = await emailChangeLink(byCli, `carl-new-${byCli.userId}@links.test`);
    await manage(['change-password', '--realm', realm.subdomain, '--email', byCli.email, '--password', NEW_PASSWORD], {}, server);
    expect(await resetLinkOpens(cliReset)).toBe(false);
    expect(await confirm(cliChange)).toBe(404);
    expect(await deliveryEmail(byCli)).toBe(byCli.email);

    const byReset = await realm.createUser('Rita Reset');
    const first = await resetLink(byReset);
    const second = await resetLink(byReset);
    const pending = await emailChangeLink(byReset, `rita-new-${byReset.userId}@links.test`);
    expect(await resetThrough(await resetForm(second), NEW_PASSWORD)).toBe(true);
    expect(await resetLinkOpens(first)).toBe(false);
    expect(await resetLinkOpens(second)).toBe(false);
    expect(await confirm(pending)).toBe(404);
    expect(await deliveryEmail(byReset)).toBe(byReset.email);
    expect(await signsIn(byReset, NEW_PASSWORD)).toBe(true);
  });

  it('issue 33 item 4: email-change confirmations are limited to 2 an hour per user, as Zulip answers', async () => {
    const user = await realm.createUser('Liam Limited');
    const other = await realm.createUser('Olive Other');
    const address = (n: number): string => `liam-${n}-${user.userId}@links.test`;
    await emailChangeLink(user, address(1));
    // The same address as now is no request (nothing is mailed, nothing counted).
    ok(await user.api.patch('settings', { email: user.email }));
    await emailChangeLink(user, address(2));

    const refused = await user.api.patch('settings', { email: address(3), full_name: 'Liam Renamed' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': expect.any(Number) });
    // The hour's rule (the per-minute API limit would free itself within a minute).
    expect(refused.body['retry-after']).toBeGreaterThan(3000);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Nothing of the refused request is kept: no mail, no new name.
    expect(ok(await realm.ownerApi.get(`users/${user.userId}`)).user.full_name).toBe('Liam Limited');

    // Another user's count is their own; no mail came for the refused address.
    await emailChangeLink(other, `olive-new-${other.userId}@links.test`);
    expect(smtp.to(address(3))).toHaveLength(0);
  });
});
