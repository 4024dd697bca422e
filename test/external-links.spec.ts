import { rawRequest, submitForm } from './support/raw-request';
import { Api, Credentials, manage, ok, Params, uniqueName } from './support/api';
import { ownDatabase, OwnDatabase, ServerProcess, startServer } from './support/server-process';
import { ReceivedMail, SmtpSink } from './support/smtp-sink';

/**
 * Issue 33 item 1: every link the server builds starts with `EXTERNAL_URI_SCHEME`, which is
 * `https://` for a public `EXTERNAL_HOST` (here `chat.example.com`, realms on its
 * subdomains: requests name them in the Host header) and `http://` for localhost (the run's
 * test server, `localhost:<port>`). The pages' CSRF cookie is `Secure` under https.
 */

const BASE_HOST = 'chat.example.com';
const PASSWORD = 'a long and unguessable password 7';

/** A client of a realm under `chat.example.com`: the server tells realms apart by Host. */
class ExternalApi extends Api {
  override as(credentials: Credentials | null): ExternalApi {
    return new ExternalApi(this.subdomain, credentials, this.port);
  }

  override get host(): string {
    return `${this.subdomain}.${BASE_HOST}`;
  }
}

/** Every link of a mail's text (Zulip's mails write them as `<url>` or bare). */
function linksOf(mail: ReceivedMail): string[] {
  return mail.text.match(/[a-z]+:\/\/[^\s<>]+/g) ?? [];
}

describe('issue 33 item 1: links carry EXTERNAL_URI_SCHEME', () => {
  let smtp: SmtpSink;
  let server: ServerProcess;
  let subdomain: string;
  let realmUrl: string;
  let owner: ExternalApi;
  let member: ExternalApi;
  let memberEmail: string;
  let database: OwnDatabase | undefined;

  beforeAll(async () => {
    smtp = await SmtpSink.create();
    database = await ownDatabase('chat_external_links');
    server = await startServer({ SMTP_URL: smtp.url, EXTERNAL_HOST: BASE_HOST, ...(database ? { DATABASE_URL: database.url } : {}) });
    subdomain = uniqueName('https').toLowerCase();
    realmUrl = `https://${subdomain}.${BASE_HOST}`;
    const storage = { EXTERNAL_HOST: BASE_HOST };
    const made = await manage([
      'create-realm', '--subdomain', subdomain, '--name', 'Secure links', '--owner-email', `owner@${subdomain}.test`,
      '--owner-password', PASSWORD, '--owner-name', 'Olga Owner',
    ], storage, server);
    owner = new ExternalApi(subdomain, { email: `owner@${subdomain}.test`, apiKey: made.api_key as string }, server.port);
    memberEmail = `member@${subdomain}.test`;
    const user = await manage(['create-user', '--realm', subdomain, '--email', memberEmail, '--password', PASSWORD, '--full-name', 'Mia Member'], storage, server);
    member = owner.as({ email: memberEmail, apiKey: user.api_key as string });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
    await database?.drop();
  });

  it('answers realm_url and realm_uri with https:// in /server_settings and register', async () => {
    const settings = ok(await owner.as(null).get('server_settings'));
    expect(settings.realm_url).toBe(realmUrl);
    expect(settings.realm_uri).toBe(realmUrl);
    const state = ok(await member.post('register', { fetch_event_types: JSON.stringify(['realm']) }));
    expect(state.realm_url).toBe(realmUrl);
    expect(state.realm_uri).toBe(realmUrl);
  });

  it('mails invitation, sign-up, reset and email-change links on https://, and signs the new account in with a Secure cookie', async () => {
    // Invitation: the link, and the account it makes (signed in to the web app).
    const invitee = `invitee@${subdomain}.test`;
    ok(await owner.post('invites', { invitee_emails: invitee, stream_ids: JSON.stringify([]) }));
    const invitation = linksOf(await smtp.waitFor(invitee));
    const join = invitation.find((link) => link.includes('/join/'));
    expect(join).toMatch(new RegExp(`^${realmUrl}/join/[a-z0-9]+/$`));
    const joinPath = new URL(join as string).pathname;
    const { setCookie, answer: account } = await submitForm(server.port, `${subdomain}.${BASE_HOST}`, joinPath, { full_name: 'Ivy Invited', password: PASSWORD });
    expect(setCookie).toMatch(/^csrftoken=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    expect(account.status).toBe(302);
    expect(account.headers.location).toBe('/');
    expect(account.headers['set-cookie']).toEqual([expect.stringMatching(/^sessionid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=1209600; Secure$/)]);

    // Sign-up in an open realm.
    ok(await owner.patch('realm', { invite_required: false }));
    const signer = `signer@${subdomain}.test`;
    const signup = await submitForm(server.port, `${subdomain}.${BASE_HOST}`, '/register/', { email: signer });
    expect(signup.answer.status).toBe(303);
    expect(linksOf(await smtp.waitFor(signer)).filter((link) => link.includes('/accounts/do_confirm/'))).toEqual([
      expect.stringMatching(new RegExp(`^${realmUrl}/accounts/do_confirm/[a-z0-9]+$`)),
    ]);

    // Password reset.
    const reset = await submitForm(server.port, `${subdomain}.${BASE_HOST}`, '/accounts/password/reset/', { email: memberEmail });
    expect(reset.answer.status).toBe(303);
    expect(linksOf(await smtp.waitFor(memberEmail)).filter((link) => link.includes('/accounts/password/reset/'))).toEqual([
      expect.stringMatching(new RegExp(`^${realmUrl}/accounts/password/reset/[^/]+/[^/]+/$`)),
    ]);

    // Email change confirmation.
    const newEmail = `renamed@${subdomain}.test`;
    ok(await member.patch('settings', { email: newEmail }));
    expect(linksOf(await smtp.waitFor(newEmail)).filter((link) => link.includes('/accounts/confirm_new_email/'))).toEqual([
      expect.stringMatching(new RegExp(`^${realmUrl}/accounts/confirm_new_email/[a-z0-9]+$`)),
    ]);
  }, 90_000);

  it('mails missed-message links (the conversation and unsubscribe) on https://', async () => {
    const away = `away@${subdomain}.test`;
    const made = await manage(['create-user', '--realm', subdomain, '--email', away, '--password', PASSWORD, '--full-name', 'Abe Away'], { EXTERNAL_HOST: BASE_HOST }, server);
    const awayApi = owner.as({ email: away, apiKey: made.api_key as string });
    ok(await awayApi.patch('settings', { email_notifications_batching_period_seconds: 1 }));
    ok(await owner.post('messages', { type: 'direct', to: JSON.stringify([made.user_id]), content: 'Are you there?' }));
    const mail = await smtp.waitFor(away);
    const links = linksOf(mail);
    expect(links.some((link) => link.startsWith(`${realmUrl}/#narrow/dm/`))).toBe(true);
    expect(links.filter((link) => link.includes('/accounts/unsubscribe/'))).toEqual([
      expect.stringMatching(new RegExp(`^${realmUrl}/accounts/unsubscribe/missed_messages/[a-z0-9]+$`)),
    ]);
    expect(links.filter((link) => !link.startsWith('https://'))).toEqual([]);
  }, 60_000);
});

describe('issue 33 item 1: links stay http:// on localhost', () => {
  it('answers realm_url with http://<subdomain>.localhost:<port>, and a csrftoken cookie without Secure', async () => {
    const subdomain = uniqueName('plain').toLowerCase();
    const made = await manage([
      'create-realm', '--subdomain', subdomain, '--name', 'Plain links', '--owner-email', `owner@${subdomain}.test`,
      '--owner-password', PASSWORD, '--owner-name', 'Otto Owner',
    ]);
    const api = new Api(subdomain, { email: `owner@${subdomain}.test`, apiKey: made.api_key as string });
    const expected = `http://${subdomain}.localhost:${api.port}`;
    const settings = ok(await api.as(null).get('server_settings'));
    expect([settings.realm_url, settings.realm_uri]).toEqual([expected, expected]);
    const state = ok(await api.post('register', { fetch_event_types: JSON.stringify(['realm']) } satisfies Params));
    expect([state.realm_url, state.realm_uri]).toEqual([expected, expected]);
    const page = await rawRequest(api.port, api.host, 'GET', '/accounts/password/reset/');
    expect(String(page.headers['set-cookie'])).toMatch(/^csrftoken=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
  });
});
