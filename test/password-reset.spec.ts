import { rawRequest } from './support/raw-request';
import { Client } from 'pg';
import { Page } from 'playwright-core';
import { createTestRealm, TestRealm, TestUser } from './support/api';
import { screenshotBothWidths, TestBrowser } from './support/browser';
import { fixtureSql } from './support/fixture-sql';
import { ownDatabase, OwnDatabase, ServerProcess, startServer } from './support/server-process';
import { linkIn, SmtpSink } from './support/smtp-sink';

/**
 * Zulip's password reset, end to end in a real browser (Debian's chromium) with a real SMTP
 * server in the test process: the request page, the mail, the link's page, the new
 * password, and what must be refused (a used or expired link, a forged form).
 */

const PAGE_CSP = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
const NEW_PASSWORD = 'correct horse battery staple 42';

const describeInBrowser = TestBrowser.available() ? describe : describe.skip;

describeInBrowser('password reset in the browser', () => {
  let smtp: SmtpSink;
  let server: ServerProcess;
  let database: OwnDatabase | undefined;
  let realm: TestRealm;
  let user: TestUser;
  let browser: TestBrowser;
  let realmUrl: string;
  let resetLink = '';

  beforeAll(async () => {
    smtp = await SmtpSink.create();
    database = await ownDatabase('chat_password_reset');
    server = await startServer({ SMTP_URL: smtp.url, ...(database ? { DATABASE_URL: database.url } : {}) });
    realm = await createTestRealm('reset', server);
    user = await realm.createUser('Pia Password');
    realmUrl = `http://${realm.api.host}`;
    browser = await TestBrowser.launch();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
    await database?.drop();
  });

  async function requestReset(email: string, screenshot?: string): Promise<Page> {
    const page = await browser.open(`${realmUrl}/accounts/password/reset/`);
    expect(await page.locator('h1').textContent()).toBe('Reset your password');
    if (screenshot) expect((await screenshotBothWidths(page, screenshot)).phoneScrollsHorizontally).toBe(false);
    await page.fill('#email', email);
    await Promise.all([page.waitForURL(/\/accounts\/password\/reset\/done\/?$/), page.click('button[type=submit]')]);
    return page;
  }

  it('serves the request page with the pages\' strict headers', async () => {
    const answer = await rawRequest(server.port, realm.api.host, 'GET', '/accounts/password/reset/');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-security-policy']).toBe(PAGE_CSP);
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['set-cookie']?.[0]).toMatch(/^csrftoken=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax/);
    expect(answer.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    const css = await rawRequest(server.port, realm.api.host, 'GET', '/static/pages.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('mails a link that sets a new password once; the API key stays', async () => {
    const page = await requestReset(user.email, 'password-reset-request');
    expect(await page.locator('h1').textContent()).toBe('Check your email');
    expect((await screenshotBothWidths(page, 'password-reset-sent')).phoneScrollsHorizontally).toBe(false);

    const mail = await smtp.waitFor(user.email);
    // createTestRealm names the realm `Realm <subdomain>`, cut at 40 characters.
    expect(mail.subject).toBe(`Password reset request for ${`Realm ${realm.subdomain}`.slice(0, 40)}`);
    resetLink = linkIn(mail, '/accounts/password/reset/');
    expect(resetLink).toMatch(new RegExp(`^${realmUrl.replace(/\./g, '\\.')}/accounts/password/reset/[A-Za-z0-9_-]+/[a-z0-9]{24}/$`));
    expect(mail.html).toContain(`href="${resetLink}"`);

    const form = await browser.open(resetLink);
    expect(await form.locator('h1').textContent()).toBe('Set a new password');
    expect((await screenshotBothWidths(form, 'password-reset-set')).phoneScrollsHorizontally).toBe(false);

    // Two different passwords: the form again, with the reason.
    await form.fill('#new_password1', NEW_PASSWORD);
    await form.fill('#new_password2', `${NEW_PASSWORD}!`);
    await Promise.all([form.waitForLoadState('load'), form.click('button[type=submit]')]);
    await form.waitForSelector('.error');
    expect(await form.locator('.error').textContent()).toBe('The two password fields didn’t match.');
    expect((await screenshotBothWidths(form, 'password-reset-error')).phoneScrollsHorizontally).toBe(false);

    // A weak password: refused under the realm's policy, the link still works.
    await form.fill('#new_password1', 'password');
    await form.fill('#new_password2', 'password');
    await Promise.all([form.waitForLoadState('load'), form.click('button[type=submit]')]);
    await form.waitForSelector('.error');
    expect(await form.locator('.error').textContent()).toBe('The password is too weak.');

    await form.fill('#new_password1', NEW_PASSWORD);
    await form.fill('#new_password2', NEW_PASSWORD);
    // The browser lands in the web app, signed in to a new session.
    await Promise.all([form.waitForURL(`${realmUrl}/`), form.click('button[type=submit]')]);
    expect((await screenshotBothWidths(form, 'password-reset-done')).phoneScrollsHorizontally).toBe(false);
    const me = await form.goto(`${realmUrl}/json/users/me`);
    expect(me?.status()).toBe(200);
    expect(((await me?.json()) as { user_id: number }).user_id).toBe(user.userId);

    const key = await realm.api.post('fetch_api_key', { username: user.email, password: NEW_PASSWORD });
    expect(key.status).toBe(200);
    expect(key.body.api_key).toBe(user.apiKey);
    const old = await realm.api.post('fetch_api_key', { username: user.email, password: 'user-password' });
    expect(old.status).toBe(401);
  });

  it('refuses the link a second time', async () => {
    expect(resetLink).not.toBe('');
    const again = await browser.open(resetLink);
    expect(await again.locator('h1').textContent()).toBe('Invalid link');
    expect(await again.locator('form').count()).toBe(0);
    expect((await screenshotBothWidths(again, 'password-reset-invalid')).phoneScrollsHorizontally).toBe(false);
  });

  it('answers an unknown address with the same page, and mails that address that it has no account', async () => {
    const unknown = `nobody-${realm.subdomain}@elsewhere.test`;
    const page = await requestReset(unknown);
    expect(await page.locator('h1').textContent()).toBe('Check your email');
    const known = await requestReset(user.email);
    expect(await page.locator('main').innerHTML()).toBe(await known.locator('main').innerHTML());
    const mail = await smtp.waitFor(unknown);
    expect(mail.text).toContain(`there is no active account with that address in ${realmUrl}`);
    expect(mail.text).not.toContain('/accounts/password/reset/');
  });

  it('refuses an expired link', async () => {
    const before = smtp.to(user.email).length;
    await requestReset(user.email);
    const mail = await smtp.waitFor(user.email, before + 1);
    const link = linkIn(mail, '/accounts/password/reset/');
    const expire = `UPDATE password_reset_token SET expires_at = now() - interval '1 second' WHERE user_profile_id = $1 AND used_at IS NULL`;
    if (database) {
      // The server's own database (fixtureSql reaches the run's).
      const client = new Client({ connectionString: database.url });
      await client.connect();
      await client.query(expire, [user.userId]).finally(() => client.end());
    } else {
      await fixtureSql(expire, [user.userId], server);
    }
    const page = await browser.open(link);
    expect(await page.locator('h1').textContent()).toBe('Invalid link');
  });

  it('refuses a form without its CSRF token, with another form\'s token, or from another site', async () => {
    const form = await rawRequest(server.port, realm.api.host, 'GET', '/accounts/password/reset/');
    const cookie = (form.headers['set-cookie']?.[0] ?? '').split(';')[0];
    const token = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
    const post = (headers: Record<string, string>, body: string) =>
      rawRequest(server.port, realm.api.host, 'POST', '/accounts/password/reset/', { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body);
    const email = encodeURIComponent(user.email);

    const noToken = await post({ cookie }, `email=${email}`);
    expect(noToken.status).toBe(403);
    expect(noToken.body).toContain('CSRF verification failed');
    expect((await post({}, `email=${email}&csrfmiddlewaretoken=${encodeURIComponent(token)}`)).status).toBe(403);
    expect((await post({ cookie: 'csrftoken=' + 'A'.repeat(43) }, `email=${email}&csrfmiddlewaretoken=${encodeURIComponent(token)}`)).status).toBe(403);
    expect((await post({ cookie, origin: 'http://evil.test' }, `email=${email}&csrfmiddlewaretoken=${encodeURIComponent(token)}`)).status).toBe(403);
    // The set-password form's token does not work on the request form either.
    const otherForm = await rawRequest(server.port, realm.api.host, 'POST', '/accounts/password/reset/NDI/aaaaaaaaaaaaaaaaaaaaaaaa/', {
      'content-type': 'application/x-www-form-urlencoded',
      cookie,
    }, `new_password1=x&new_password2=x&csrfmiddlewaretoken=${encodeURIComponent(token)}`);
    expect(otherForm.status).toBe(403);

    const accepted = await post({ cookie, origin: realmUrl }, `email=${email}&csrfmiddlewaretoken=${encodeURIComponent(token)}`);
    expect(accepted.status).toBe(303);
    expect(accepted.headers.location).toBe('/accounts/password/reset/done/');
  });

  it('shows the email-change confirmation on the same page layout', async () => {
    const newEmail = `pia-new@${realm.subdomain}.test`;
    const response = await user.api.patch('settings', { email: newEmail });
    expect(response.body).toEqual({ result: 'success', msg: '' });
    const mail = await smtp.waitFor(newEmail);
    const page = await browser.open(linkIn(mail, '/accounts/confirm_new_email/'));
    expect(await page.locator('h1').textContent()).toBe('Email address updated');
    expect((await screenshotBothWidths(page, 'email-change-confirmed')).phoneScrollsHorizontally).toBe(false);
  });

  it('shows the unsubscribe pages (digest and missed-message links) on the same page layout', async () => {
    // An unknown key: Zulip's error page, status 200 (the working links are tested with their emails).
    const page = await browser.open(`${realmUrl}/accounts/unsubscribe/missed_messages/${'x'.repeat(24)}`);
    expect(await page.locator('h1').textContent()).toBe('Unknown email unsubscribe request');
    expect(await page.locator('link[rel=stylesheet]').count()).toBe(1);
    expect((await screenshotBothWidths(page, 'unsubscribe-unknown')).phoneScrollsHorizontally).toBe(false);
  });
});
