import { signObject } from '../src/calls/domain/django-signing';
import { createBot, createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { ServerProcess, startServer } from './support/server-process';

/**
 * `GET /calls/bigbluebutton/create` as Zulip 10.2 answers it. The test server has no
 * BigBlueButton configured, and Zulip answers the same signed link then: only its join
 * step (a web page, not the API) refuses. The signing itself is checked against Django's
 * in src/calls/domain/django-signing.spec.ts. A server of this file's own has BigBlueButton
 * configured: the link is signed with its secret, and the realm may choose it as its
 * video chat provider (register offers it), as in Zulip.
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

describe('BigBlueButton configured', () => {
  const SECRET = 'bbb-shared-secret';
  let server: ServerProcess;
  let realm: TestRealm;

  beforeAll(async () => {
    server = await startServer({ BIG_BLUE_BUTTON_URL: 'https://bbb.example.com/bigbluebutton/', BIG_BLUE_BUTTON_SECRET: SECRET });
    realm = await createTestRealm('callsbbb', server);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('signs the join link with the configured secret', async () => {
    const url = (await realm.ownerApi.get('calls/bigbluebutton/create', { meeting_name: 'Ünïcode 🐙' })).body.url as string;
    const payload = signedPayload(url);
    expect(url).toBe(`/calls/bigbluebutton/join?bigbluebutton=${signObject(payload, SECRET)}`);
    expect(payload.name).toBe('Ünïcode 🐙');
  });

  it('offers BigBlueButton as a video chat provider, which the realm may choose', async () => {
    const state = await realm.ownerApi.post('register', { fetch_event_types: ['realm'] });
    expect((state.body.realm_available_video_chat_providers as Record<string, unknown>).big_blue_button).toEqual({ name: 'BigBlueButton', id: 4 });
    expect((await realm.ownerApi.patch('realm', { video_chat_provider: 4 })).status).toBe(200);
  });
});

describe('BigBlueButton not configured', () => {
  it('is neither offered nor accepted as the video chat provider', async () => {
    const realm = await createTestRealm('callsnobbb');
    const state = await realm.ownerApi.post('register', { fetch_event_types: ['realm'] });
    expect(Object.keys(state.body.realm_available_video_chat_providers as Record<string, unknown>)).not.toContain('big_blue_button');
    expectError(await realm.ownerApi.patch('realm', { video_chat_provider: 4 }), 'Invalid video_chat_provider 4');
  });
});
