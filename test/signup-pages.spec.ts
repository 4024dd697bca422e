import { Client } from 'pg';
import { Page } from 'playwright-core';
import { Api, createTestRealm, ok, TestRealm } from './support/api';
import { screenshotBothWidths, TestBrowser } from './support/browser';
import { fixtureSql } from './support/fixture-sql';
import { ownDatabase, OwnDatabase, ServerProcess, startServer } from './support/server-process';
import { ReceivedMail, SmtpSink } from './support/smtp-sink';

/**
 * The sign-up pages end to end in a real browser (Debian's chromium) with a real SMTP
 * server in the test process: an email invitation (mail, link, form, account, landing in
 * the web app signed in, an API call with the account), a reusable link used by two people (each confirming
 * their own address through the mailed link), expired and revoked links with the
 * confirmations they had mailed, and self-sign-up with an allowed and a refused domain. Every page is checked at
 * 375 px and saved at desktop and phone width. On PostgreSQL the server has a database of
 * its own: the run's server would otherwise deliver (to the log) the mail it writes.
 */

const PASSWORD = 'correct horse battery staple 42';

type Json = Record<string, unknown>;

/** The link of a mail's text containing `fragment` (Zulip's mails write it as `<url>`). */
function mailedLink(mail: ReceivedMail, fragment: string): string {
  const link = /https?:\/\/[^\s<>]+/g;
  const found = (mail.text.match(link) ?? []).find((url) => url.includes(fragment));
  if (!found) throw new Error(`no link with ${fragment} in mail '${mail.subject}':\n${mail.text}`);
  return found;
}

const describeInBrowser = TestBrowser.available() ? describe : describe.skip;

describeInBrowser('sign-up pages in the browser', () => {
  let smtp: SmtpSink;
  let database: OwnDatabase | undefined;
  let server: ServerProcess;
  let realm: TestRealm;
  let browser: TestBrowser;
  let realmUrl: string;
  let general: number;

  beforeAll(async () => {
    smtp = await SmtpSink.create();
    database = await ownDatabase('chat_signup_pages');
    server = await startServer({ SMTP_URL: smtp.url, ...(database ? { DATABASE_URL: database.url } : {}) });
    realm = await createTestRealm('signup', server);
    realmUrl = `http://${realm.api.host}`;
    general = ok(await realm.ownerApi.get('get_stream_id', { stream: 'general' })).stream_id as number;
    browser = await TestBrowser.launch();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
    await database?.drop();
  });

  /** Fixture SQL on the server's database (its own on PostgreSQL; fixtureSql reaches the run's). */
  async function sql(text: string, params: unknown[]): Promise<void> {
    if (!database) {
      await fixtureSql(text, params, server);
      return;
    }
    const client = new Client({ connectionString: database.url });
    await client.connect();
    await client.query(text, params).finally(() => client.end());
  }

  /** Checks the page at 375 px (no sideways scroll) and saves it at both widths. */
  async function shoot(page: Page, name: string): Promise<void> {
    expect((await screenshotBothWidths(page, `signup-${name}`)).phoneScrollsHorizontally).toBe(false);
  }

  async function heading(page: Page): Promise<string | null> {
    return page.locator('h1').textContent();
  }

  /** Fills the registration form and sends it; answers the page that comes back. */
  async function register(page: Page, fullName: string, password = PASSWORD, email?: string): Promise<void> {
    if (email !== undefined) await page.fill('#email', email);
    await page.fill('#full_name', fullName);
    await page.fill('#password', password);
    await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
  }

  /**
   * The browser landed in the web app signed in as `email` (its session cookie answers
   * `/json/users/me`, whatever the app's page looks like; the page is left there); answers an API client of the
   * account, its key fetched with the password as a Zulip app does.
   */
  async function landedSignedIn(page: Page, email: string): Promise<Api> {
    expect(new URL(page.url()).pathname).toBe('/');
    const me = await page.goto(`${realmUrl}/json/users/me`);
    expect(me?.status()).toBe(200);
    expect(((await me?.json()) as Json).email).toBe(email);
    const key = ok(await new Api(realm.subdomain, null, server.port).post('fetch_api_key', { username: email, password: PASSWORD }));
    return new Api(realm.subdomain, null, server.port).as({ email, apiKey: key.api_key as string });
  }

  /** Sends an address form (the sign-up page's or a reusable link's) and answers the page that comes back. */
  async function requestLink(page: Page, email: string): Promise<void> {
    await page.fill('#email', email);
    await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
  }

  /** The mailed confirmation link's form, the account made from it (signed in), and a client of that account. */
  async function confirmAndRegister(email: string, fullName: string, screenshot?: string): Promise<Api> {
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Activate your Zulip account');
    const form = await browser.open(mailedLink(mail, '/accounts/do_confirm/'));
    expect(await heading(form)).toBe('Create your account');
    expect(await form.inputValue('#email')).toBe(email);
    if (screenshot) await shoot(form, screenshot);
    await register(form, fullName);
    const api = await landedSignedIn(form, email);
    await form.close();
    return api;
  }

  async function multiuseId(link: string): Promise<number> {
    const invites = ok(await realm.ownerApi.get('invites')).invites as { id: number; is_multiuse: boolean; link_url?: string }[];
    const reusable = invites.find((invite) => invite.is_multiuse && invite.link_url === link);
    if (!reusable) throw new Error(`no reusable link ${link}`);
    return reusable.id;
  }

  async function invalidLink(url: string, message: string, screenshot?: string): Promise<void> {
    const page = await browser.open(url);
    expect(await heading(page)).toBe('Invalid link');
    expect(await page.locator('.error').textContent()).toBe(message);
    expect(await page.locator('form').count()).toBe(0);
    if (screenshot) await shoot(page, screenshot);
    await page.close();
  }

  it('invitation -> email -> link -> page -> account -> the web app signed in -> an API call', async () => {
    const email = `ivy-${realm.subdomain}@example.org`;
    ok(await realm.ownerApi.post('invites', { invitee_emails: email, stream_ids: [general], invite_as: 400, notify_referrer_on_join: true }));
    const mail = await smtp.waitFor(email);
    const link = mailedLink(mail, '/join/');
    expect(link).toMatch(new RegExp(`^${realmUrl.replace(/\./g, '\\.')}/join/[a-z0-9]{24}/$`));

    const page = await browser.open(link);
    expect(await heading(page)).toBe('Create your account');
    expect(await page.inputValue('#email')).toBe(email);
    await shoot(page, 'invitation-form');

    // A weak password: the form again with the policy's refusal; the link still works.
    await register(page, 'Ivy Invited', 'password');
    expect(await page.locator('.error').textContent()).toBe('The password is too weak.');
    expect(await page.inputValue('#full_name')).toBe('Ivy Invited');
    await shoot(page, 'invitation-error');

    await register(page, 'Ivy Invited');
    await shoot(page, 'account');
    const api = await landedSignedIn(page, email);
    const me = ok(await api.get('users/me'));
    expect(me.email).toBe(email);
    expect(me.full_name).toBe('Ivy Invited');
    expect(me.role).toBe(400);
    const subscriptions = ok(await api.get('users/me/subscriptions')).subscriptions as { stream_id: number }[];
    expect(subscriptions.map((subscription) => subscription.stream_id)).toContain(general);

    // An email invitation works once.
    await invalidLink(link, 'The confirmation link has expired or been deactivated.', 'invalid-link');
  });

  it('lets two people join through one reusable link, each confirming their own address', async () => {
    const crew = ok(await realm.ownerApi.post('user_groups/create', { name: 'reusable crew', description: 'Joined by link', members: [realm.owner.userId] }))
      .group_id as number;
    const link = ok(await realm.ownerApi.post('invites/multiuse', { invite_as: 300, stream_ids: [general], group_ids: [crew] })).invite_link as string;
    for (const name of ['Rae', 'Ric']) {
      await browser.clearCookies();
      const page = await browser.open(link);
      // The link asks for an address, and nothing else: the account waits for the mailed confirmation.
      expect(await heading(page)).toBe('Sign up');
      expect(await page.locator('p', { hasText: 'You have been invited to join' }).count()).toBe(1);
      expect(await page.locator('#password').count()).toBe(0);
      if (name === 'Rae') await shoot(page, 'reusable-address');
      const email = `${name.toLowerCase()}-${realm.subdomain}@example.org`;
      await requestLink(page, email);
      expect(page.url()).toContain(`/accounts/send_confirm/?email=${encodeURIComponent(email)}`);
      expect(await heading(page)).toBe('Confirm your email address');
      if (name === 'Rae') await shoot(page, 'reusable-sent');
      await page.close();

      const api = await confirmAndRegister(email, `${name} Reuse`, name === 'Rae' ? 'reusable-confirm-form' : undefined);
      const me = ok(await api.get('users/me'));
      expect(me.email).toBe(email);
      expect(me.role).toBe(300);
      const subscriptions = ok(await api.get('users/me/subscriptions')).subscriptions as { stream_id: number }[];
      expect(subscriptions.map((subscription) => subscription.stream_id)).toContain(general);
      expect(ok(await realm.ownerApi.get(`user_groups/${crew}/members/${me.user_id as number}`)).is_user_group_member).toBe(true);
    }
    // The link is never used up.
    await multiuseId(link);
    const again = await browser.open(link);
    expect(await heading(again)).toBe('Sign up');
    await again.close();
  });

  it('refuses a registered address on a reusable link, and creates no account from a POST without the mailed confirmation', async () => {
    const link = ok(await realm.ownerApi.post('invites/multiuse', { invite_as: 400 })).invite_link as string;
    const registered = `rae-${realm.subdomain}@example.org`;
    const page = await browser.open(link);
    await requestLink(page, registered);
    expect(await page.locator('.error').textContent()).toBe(
      `You've already registered with ${registered}. Log in with it, or reset your password if you forgot it.`,
    );
    expect(await page.inputValue('#email')).toBe(registered);
    await shoot(page, 'reusable-registered');
    expect(smtp.to(registered)).toHaveLength(1);

    // The old form's fields, sent to the link's page (CSRF token and all): only a mail leaves.
    const email = `zed-${realm.subdomain}@example.org`;
    await page.goto(link);
    // A string: the tests compile without the DOM's types.
    await page.evaluate(`for (const [name, value] of [['full_name', 'Zed Sneaky'], ['password', ${JSON.stringify(PASSWORD)}]]) {
      const input = document.createElement('input');
      Object.assign(input, { type: 'hidden', name, value });
      document.querySelector('form').appendChild(input);
    }`);
    await requestLink(page, email);
    expect(await heading(page)).toBe('Confirm your email address');
    await page.close();
    const login = await realm.api.post('fetch_api_key', { username: email, password: PASSWORD });
    expect(login.status).not.toBe(200);
    const users = ok(await realm.ownerApi.get('users')).members as { email: string; delivery_email?: string }[];
    expect(users.some((user) => user.email === email || user.delivery_email === email)).toBe(false);
    // Only the owner of the address, following the mail, makes the account.
    const api = await confirmAndRegister(email, 'Zed Confirmed');
    expect(ok(await api.get('users/me')).full_name).toBe('Zed Confirmed');
  });

  it("keeps the confirmations a reusable link mailed working after it is revoked or expires, as Zulip does", async () => {
    const revoked = ok(await realm.ownerApi.post('invites/multiuse', { invite_as: 400, stream_ids: [general] })).invite_link as string;
    const expired = ok(await realm.ownerApi.post('invites/multiuse', { invite_as: 400, stream_ids: [general] })).invite_link as string;
    const early = `eli-${realm.subdomain}@example.org`;
    const first = await browser.open(revoked);
    await requestLink(first, early);
    expect(await heading(first)).toBe('Confirm your email address');
    await first.close();
    const later = `eva-${realm.subdomain}@example.org`;
    const second = await browser.open(expired);
    await requestLink(second, later);
    await second.close();
    // A page opened before the revocation and sent after it mails nothing.
    const stale = await browser.open(revoked);

    ok(await realm.ownerApi.delete(`invites/multiuse/${await multiuseId(revoked)}`));
    const key = /\/join\/([a-z0-9]+)\/$/.exec(expired)?.[1] ?? '';
    await sql(`UPDATE invitation SET expiry_date = now() - interval '1 second' WHERE confirmation_key = $1`, [key]);
    await invalidLink(revoked, 'The confirmation link has expired or been deactivated.', 'reusable-revoked');
    await invalidLink(expired, 'The confirmation link has expired or been deactivated.');
    const late = `ned-${realm.subdomain}@example.org`;
    await requestLink(stale, late);
    expect(await heading(stale)).toBe('Invalid link');
    await stale.close();
    expect(smtp.to(late)).toHaveLength(0);

    // Zulip's do_revoke_multi_use_invite leaves the PreregistrationUsers it made: their links still work.
    for (const [email, name] of [[early, 'Eli Early'], [later, 'Eva Early']]) {
      const me = ok(await (await confirmAndRegister(email, name)).get('users/me/subscriptions'));
      expect((me.subscriptions as { stream_id: number }[]).map((subscription) => subscription.stream_id)).toContain(general);
    }
  });

  it('refuses an expired link, and a link of another organization', async () => {
    const link = ok(await realm.ownerApi.post('invites/multiuse', { invite_as: 400 })).invite_link as string;
    const key = /\/join\/([a-z0-9]+)\/$/.exec(link)?.[1] ?? '';
    await sql(`UPDATE invitation SET expiry_date = now() - interval '1 second' WHERE confirmation_key = $1`, [key]);
    await invalidLink(link, 'The confirmation link has expired or been deactivated.');
    await invalidLink(`${realmUrl}/join/${'a'.repeat(24)}/`, "Whoops. We couldn't find your confirmation link in the system.");
    await invalidLink(`${realmUrl}/join/short/`, 'The confirmation link is malformed.');

    const other = await createTestRealm('signup-other', server);
    const foreign = ok(await other.ownerApi.post('invites/multiuse', { invite_as: 400 })).invite_link as string;
    await invalidLink(foreign.replace(other.api.host, realm.api.host), "Whoops. We couldn't find your confirmation link in the system.");
  });

  it('self-sign-up: an allowed domain gets a link that works once, a refused one Zulip\'s message', async () => {
    // Invitation required (Zulip's default): the address is refused with Zulip's words.
    const closed = await browser.open(`${realmUrl}/register/`);
    await closed.fill('#email', `nina@allowed-${realm.subdomain}.test`);
    await Promise.all([closed.waitForNavigation(), closed.click('button[type=submit]')]);
    expect(await closed.locator('.error').textContent()).toBe(
      `Please request an invite for nina@allowed-${realm.subdomain}.test from the organization administrator.`,
    );
    await closed.close();

    const domain = `allowed-${realm.subdomain}.test`;
    ok(await realm.ownerApi.patch('realm', { invite_required: false, emails_restricted_to_domains: true }));
    ok(await realm.ownerApi.post('realm/domains', { domain, allow_subdomains: false }));

    const refusedEmail = `rob@elsewhere-${realm.subdomain}.test`;
    const refused = await browser.open(`${realmUrl}/register/`);
    expect(await heading(refused)).toBe('Sign up');
    await shoot(refused, 'home');
    await refused.fill('#email', refusedEmail);
    await Promise.all([refused.waitForNavigation(), refused.click('button[type=submit]')]);
    expect(await refused.locator('.error').textContent()).toBe(
      `Your email address, ${refusedEmail}, is not in one of the domains that are allowed to register for accounts in this organization.`,
    );
    await shoot(refused, 'home-refused');
    await refused.close();

    const email = `sam@${domain}`;
    const page = await browser.open(`${realmUrl}/register/`);
    await page.fill('#email', email);
    await Promise.all([page.waitForURL(/\/accounts\/send_confirm\/?\?email=/), page.click('button[type=submit]')]);
    expect(await heading(page)).toBe('Confirm your email address');
    await shoot(page, 'sent');
    await page.close();

    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Activate your Zulip account');
    const link = mailedLink(mail, '/accounts/do_confirm/');
    expect(mail.html).toContain(`href="${link}"`);
    const form = await browser.open(link);
    expect(await heading(form)).toBe('Create your account');
    expect(await form.inputValue('#email')).toBe(email);
    await shoot(form, 'confirm-form');
    await register(form, 'Sam Self');
    const me = ok(await (await landedSignedIn(form, email)).get('users/me'));
    expect(me.full_name).toBe('Sam Self');
    expect(me.role).toBe(400);
    expect(smtp.to(refusedEmail)).toHaveLength(0);

    await invalidLink(link, 'The confirmation link has expired or been deactivated.');

    // Signing up again with the address now in use: Zulip's "already registered".
    const again = await browser.open(`${realmUrl}/register/`);
    await again.fill('#email', email);
    await Promise.all([again.waitForNavigation(), again.click('button[type=submit]')]);
    expect(await again.locator('.error').textContent()).toContain('already registered');
  });

  it("refuses an address outside the realm's domains on a reusable link, whose address needs no invitation", async () => {
    // The realm restricts addresses to its domain (the test above); a reusable link is held to it.
    ok(await realm.ownerApi.patch('realm', { invite_required: true }));
    try {
      const link = ok(await realm.ownerApi.post('invites/multiuse', { invite_as: 400 })).invite_link as string;
      const outside = `oz@elsewhere-${realm.subdomain}.test`;
      const page = await browser.open(link);
      await requestLink(page, outside);
      expect(await page.locator('.error').textContent()).toBe(
        `Your email address, ${outside}, is not in one of the domains that are allowed to register for accounts in this organization.`,
      );
      await shoot(page, 'reusable-refused');
      expect(smtp.to(outside)).toHaveLength(0);
      // Inside the domains, the link is the invitation: `invite_required` does not stop it.
      const inside = `ida@allowed-${realm.subdomain}.test`;
      await requestLink(page, inside);
      expect(await heading(page)).toBe('Confirm your email address');
      await page.close();
      expect(ok(await (await confirmAndRegister(inside, 'Ida Inside')).get('users/me')).role).toBe(400);
    } finally {
      ok(await realm.ownerApi.patch('realm', { invite_required: false }));
    }
  });

  it('refuses an expired self-sign-up link and a form without its CSRF token', async () => {
    const email = `tia@allowed-${realm.subdomain}.test`;
    const page = await browser.open(`${realmUrl}/register/`);
    await page.fill('#email', email);
    await Promise.all([page.waitForURL(/send_confirm/), page.click('button[type=submit]')]);
    const link = mailedLink(await smtp.waitFor(email), '/accounts/do_confirm/');
    await sql(`UPDATE signup_confirmation SET expires_at = now() - interval '1 second' WHERE email = $1`, [email]);
    await invalidLink(link, 'The confirmation link has expired or been deactivated.');

    const forged = await realm.api.request('POST', '/register/', { email: `uma@allowed-${realm.subdomain}.test` });
    expect(forged.status).toBe(403);
    expect(smtp.to(`uma@allowed-${realm.subdomain}.test`)).toHaveLength(0);
  });

  it('limits the sign-up form to five mails a day per client address, as Zulip\'s sends_email_by_ip', async () => {
    const limitedDatabase = await ownDatabase('chat_signup_limit');
    // Counters in the process (no Redis): a count kept in the run's Redis would outlive the test by a day.
    const limited = await startServer({
      SMTP_URL: smtp.url,
      RATE_LIMIT_ENABLED: 'true',
      REDIS_URL: '',
      ...(limitedDatabase ? { DATABASE_URL: limitedDatabase.url } : {}),
    });
    try {
      const open = await createTestRealm('signup-limit', limited);
      ok(await open.ownerApi.patch('realm', { invite_required: false }));
      const url = `http://${open.api.host}/register/`;
      const page = await browser.open(url);
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        await page.goto(url);
        await page.fill('#email', `limit${attempt}-${open.subdomain}@example.org`);
        const [answer] = await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
        if (attempt <= 5) expect(await heading(page)).toBe('Confirm your email address');
        else {
          expect(answer?.status()).toBe(429);
          expect(await heading(page)).toBe('Slow down');
        }
      }
      expect(smtp.to(`limit6-${open.subdomain}@example.org`)).toHaveLength(0);
      // A reusable link's address form spends the same budget.
      const link = ok(await open.ownerApi.post('invites/multiuse', { invite_as: 400 })).invite_link as string;
      await page.goto(link);
      await page.fill('#email', `limit7-${open.subdomain}@example.org`);
      const [answer] = await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
      expect(answer?.status()).toBe(429);
      expect(await heading(page)).toBe('Slow down');
      expect(smtp.to(`limit7-${open.subdomain}@example.org`)).toHaveLength(0);
      await page.close();
    } finally {
      await limited.stop();
      await limitedDatabase?.drop();
    }
  }, 120_000);
});
