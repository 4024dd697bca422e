import { createTestRealm, expectError, manage, TestRealm } from './support/api';
import { MailServer, startMailServer } from './support/mail-server';
import { ServerProcess } from './support/server-process';
import { RawAnswer as Answer, rawRequest as request } from './support/raw-request';
import { SmtpSink } from './support/smtp-sink';

/**
 * Mail that cannot be aimed at a victim: page POSTs count against the client's address,
 * the reset form spends Zulip's `sends_email_by_ip` budget as the sign-up form does, and
 * every place that takes an address takes one plain address only.
 */

/** A browser on the form's page: its cookie and the form's CSRF token, then posts of the form. */
async function formSession(port: number, host: string, path: string): Promise<(fields: Record<string, string>) => Promise<Answer>> {
  const page = await request(port, host, 'GET', path);
  expect(page.status).toBe(200);
  const cookie = String(page.headers['set-cookie']?.[0] ?? '').split(';')[0];
  const token = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  return (fields) => {
    const body = new URLSearchParams({ csrfmiddlewaretoken: token, ...fields }).toString();
    return request(port, host, 'POST', path, { cookie, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) }, body);
  };
}

const NOT_ONE_ADDRESS = ['v1,victim@example.org', 'a<b@example.org', 'a>b@example.org', 'a;b@example.org', 'a:b@example.org', '"a"@example.org', 'a b@example.org'];

describe('mail that cannot be aimed at a victim', () => {
  let realm: TestRealm;
  let port: number;

  beforeAll(async () => {
    realm = await createTestRealm('aim');
    port = realm.api.port;
  });

  it('issue 33 item 3: the reset form, PATCH /settings, POST /users, invitations and the CLI take one plain address only', async () => {
    const post = await formSession(port, realm.api.host, '/accounts/password/reset/');
    for (const email of NOT_ONE_ADDRESS) {
      const answer = await post({ email });
      expect({ email, status: answer.status, refused: answer.body.includes('Enter a valid email address.') }).toEqual({ email, status: 200, refused: true });
    }
    const user = await realm.createUser('Gus');
    expectError(await user.api.patch('settings', { email: `boss,gus2@${realm.subdomain}.test` }), 'Invalid address.');
    const bad = `a;b@${realm.subdomain}.test`;
    expectError(await realm.ownerApi.post('users', { email: bad, password: 'user-password', full_name: 'Semi Colon' }), `Invalid email '${bad}'`);
    const invite = await realm.ownerApi.post('invites', { invitee_emails: 'x:y@example.org', stream_ids: [] });
    expect({ status: invite.status, code: invite.body.code, errors: invite.body.errors }).toEqual({
      status: 400,
      code: 'INVITATION_FAILED',
      errors: [['x:y@example.org', 'Invalid address.', false]],
    });
    await expect(manage(['create-user', '--realm', realm.subdomain, '--email', `c<d@${realm.subdomain}.test`, '--password', 'user-password', '--full-name', 'Angle'])).rejects.toThrow(/Invalid email/);
    // Plain addresses still pass, `+` and apostrophes included.
    const fine = await realm.ownerApi.post('users', { email: `o'brien+chat@${realm.subdomain}.test`, password: 'user-password', full_name: "O'Brien" });
    expect(fine.status).toBe(200);
  });

  describe('with rate limits on', () => {
    let mailServer: MailServer | undefined;
    let server: ServerProcess;
    let smtp: SmtpSink;
    let limited: TestRealm;

    beforeAll(async () => {
      // Counters in the process (no Redis): a count kept in the run's Redis would outlive the test by a day.
      mailServer = await startMailServer('chat_mail_abuse', { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '30', REDIS_URL: '' });
      ({ server, smtp } = mailServer);
      limited = await createTestRealm('aimlimit', server);
    }, 120_000);

    afterAll(async () => {
      await mailServer?.stop();
    });

    it("issue 33 item 3: the reset form mails at most five addresses a day per client address (Zulip's sends_email_by_ip)", async () => {
      const post = await formSession(server.port, limited.api.host, '/accounts/password/reset/');
      const statuses: number[] = [];
      for (let index = 1; index <= 7; index++) statuses.push((await post({ email: `flood${index}-${limited.subdomain}@example.org` })).status);
      expect(statuses).toEqual([303, 303, 303, 303, 303, 429, 429]);
      await smtp.waitFor(`flood5-${limited.subdomain}@example.org`);
      expect(smtp.to(`flood6-${limited.subdomain}@example.org`)).toHaveLength(0);
    });

    it('issue 33 item 3: page POSTs count against the per-IP limit of unauthenticated requests', async () => {
      const host = limited.api.host;
      const answers: Answer[] = [];
      // A forged form (403) still counts: the limit comes before the page's own checks.
      for (let index = 0; index < 40; index++) answers.push(await request(server.port, host, 'POST', '/accounts/password/reset/x/y/', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0' }, ''));
      const refused = answers.find((answer) => answer.status === 429);
      expect(refused).toBeDefined();
      expect(JSON.parse(refused?.body ?? '{}')).toEqual(expect.objectContaining({ result: 'error', code: 'RATE_LIMIT_HIT' }));
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
      // Reading a page is not counted.
      expect((await request(server.port, host, 'GET', '/accounts/password/reset/')).status).toBe(200);
    });
  });
});
