import { createBot, createTestRealm, expectError, TestRealm, TestUser } from './support/api';

/**
 * `GET /calls/bigbluebutton/create` as Zulip 10.2 answers it. The test server has no
 * BigBlueButton configured, and Zulip answers the same signed link then: only its join
 * step (a web page, not the API) refuses. The signing itself is checked against Django's
 * in src/calls/domain/django-signing.spec.ts.
 */

const LINK = /^\/calls\/bigbluebutton\/join\?bigbluebutton=([A-Za-z0-9_-]+):([A-Za-z0-9_-]{43})$/;

function signedPayload(url: string): Record<string, unknown> {
  const match = LINK.exec(url);
  if (!match) throw new Error(`not a join link: ${url}`);
  return JSON.parse(Buffer.from(match[1], 'base64url').toString('latin1')) as Record<string, unknown>;
}

describe('BigBlueButton calls', () => {
  let realm: TestRealm;
  let user: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('calls');
    user = await realm.createUser('Caller');
  });

  it('answers a signed join link naming the meeting, its creator the moderator', async () => {
    const response = await user.api.get('calls/bigbluebutton/create', { meeting_name: 'general meeting' });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['msg', 'result', 'url']);
    const payload = signedPayload(response.body.url as string);
    // Zulip's keys, in Zulip's order.
    expect(Object.keys(payload)).toEqual(['meeting_id', 'name', 'lock_settings_disable_cam', 'moderator']);
    expect(payload).toEqual({ meeting_id: expect.stringMatching(/^zulip-\d{12}$/), name: 'general meeting', lock_settings_disable_cam: false, moderator: user.userId });
  });

  it('takes voice_only, and makes a new meeting each time', async () => {
    const first = signedPayload((await user.api.get('calls/bigbluebutton/create', { meeting_name: 'voice', voice_only: true })).body.url as string);
    const second = signedPayload((await user.api.get('calls/bigbluebutton/create', { meeting_name: 'voice' })).body.url as string);
    expect(first.lock_settings_disable_cam).toBe(true);
    expect(second.lock_settings_disable_cam).toBe(false);
    expect(first.meeting_id).not.toBe(second.meeting_id);
  });

  it('needs a meeting name, and takes bots too', async () => {
    expectError(await user.api.get('calls/bigbluebutton/create'), "Missing 'meeting_name' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'meeting_name' });
    const bot = await createBot(realm, user.api, 'caller-bot', 'Caller Bot');
    const response = await bot.api.get('calls/bigbluebutton/create', { meeting_name: 'bots' });
    expect(signedPayload(response.body.url as string).moderator).toBe(bot.userId);
  });

  it('needs credentials', async () => {
    const response = await user.api.as(null).get('calls/bigbluebutton/create', { meeting_name: 'x' });
    expect(response.status).toBe(401);
  });
});
