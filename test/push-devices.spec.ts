import { createBot, createTestRealm, expectError, expectSuccess, TestRealm, TestUser } from './support/api';

/**
 * Push device registration as Zulip 10.2 has it (PushDeviceToken), and its test
 * notification on a server whose push notifications are not configured: each user's own
 * devices, people only, Zulip's checks and words.
 */

const APNS = 'users/me/apns_device_token';
const FCM = 'users/me/android_gcm_reg_id';
const TEST = 'mobile_push/test_notification';
const APP_ID = 'org.zulip.Zulip';

describe('push devices', () => {
  let realm: TestRealm;
  let ann: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('push');
    ann = await realm.createUser('Ann Push');
    bob = await realm.createUser('Bob Push');
  });

  it('registers and forgets iOS and Android devices, each once', async () => {
    expectSuccess(await ann.api.post(APNS, { token: 'YXBwbGUtdG9rZW4=', appid: APP_ID }));
    // Again: Zulip's ignore_conflicts, no error and no second row.
    expectSuccess(await ann.api.post(APNS, { token: 'YXBwbGUtdG9rZW4=', appid: APP_ID }));
    expectSuccess(await ann.api.post(FCM, { token: 'android-token' }));
    expectSuccess(await ann.api.post(TEST, { token: 'YXBwbGUtdG9rZW4=' }));
    expectSuccess(await ann.api.post(TEST, { token: 'android-token' }));

    // A token is removed under its own kind only.
    expectError(await ann.api.delete(FCM, { token: 'YXBwbGUtdG9rZW4=' }), 'Token does not exist');
    expectSuccess(await ann.api.delete(APNS, { token: 'YXBwbGUtdG9rZW4=' }));
    expectError(await ann.api.delete(APNS, { token: 'YXBwbGUtdG9rZW4=' }), 'Token does not exist');
    expectError(await ann.api.post(TEST, { token: 'YXBwbGUtdG9rZW4=' }), 'Device not recognized', 'INVALID_PUSH_DEVICE_TOKEN');
    expectSuccess(await ann.api.delete(FCM, { token: 'android-token' }));
  });

  it("keeps each user's devices their own", async () => {
    expectSuccess(await ann.api.post(FCM, { token: 'shared-phone' }));
    // Another user cannot remove my device, nor test it.
    expectError(await bob.api.delete(FCM, { token: 'shared-phone' }), 'Token does not exist');
    expectError(await bob.api.post(TEST, { token: 'shared-phone' }), 'Device not recognized', 'INVALID_PUSH_DEVICE_TOKEN');
    expectSuccess(await ann.api.post(TEST, { token: 'shared-phone' }));
    // Two accounts on one phone: the same token for both, and removing one's leaves the other's.
    expectSuccess(await bob.api.post(FCM, { token: 'shared-phone' }));
    expectSuccess(await bob.api.delete(FCM, { token: 'shared-phone' }));
    expectSuccess(await ann.api.post(TEST, { token: 'shared-phone' }));
  });

  it('answers the test notification as Zulip does when push notifications are not configured', async () => {
    // Without a token: every device of the user, none or several, and nothing sent.
    expectSuccess(await bob.api.post(TEST));
    expectSuccess(await ann.api.post(TEST));
    expectError(await bob.api.post(TEST, { token: 'never-registered' }), 'Device not recognized', 'INVALID_PUSH_DEVICE_TOKEN');
  });

  it("checks tokens and app ids with Zulip's words", async () => {
    expectError(await ann.api.post(FCM, { token: '' }), 'Empty or invalid length token');
    expectError(await ann.api.post(FCM, { token: 'x'.repeat(4097) }), 'Empty or invalid length token');
    expectError(await ann.api.delete(FCM, { token: '' }), 'Empty or invalid length token');
    expectError(await ann.api.post(APNS, { token: 'AAAAA', appid: APP_ID }), 'Invalid APNS token');
    expectError(await ann.api.delete(APNS, { token: 'AAAAA' }), 'Invalid APNS token');
    expectError(await ann.api.post(APNS, { token: 'AAAA', appid: 'not an id' }), 'Invalid appid');
    expectError(await ann.api.post(APNS, { token: 'AAAA' }), "Missing 'appid' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'appid' });
    expectError(await ann.api.post(FCM), "Missing 'token' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'token' });
  });

  it('refuses bots before reading any parameter', async () => {
    const bot = await createBot(realm, ann.api, 'push-bot', 'Push Bot');
    for (const [method, route] of [['POST', APNS], ['DELETE', APNS], ['POST', FCM], ['DELETE', FCM], ['POST', TEST]] as const) {
      expectError(await bot.api.request(method, route), 'This endpoint does not accept bot requests.');
    }
  });

  it("forgets a user's devices when their API key is regenerated, as Zulip does", async () => {
    const carol = await realm.createUser('Carol Push');
    expectSuccess(await carol.api.post(FCM, { token: 'carol-phone' }));
    const regenerated = await carol.api.post('users/me/api_key/regenerate');
    expect(regenerated.status).toBe(200);
    const api = carol.api.as({ email: carol.email, apiKey: regenerated.body.api_key as string });
    // Cleared after the new key's commit, in a transaction of its own.
    let answer = await api.post(TEST, { token: 'carol-phone' });
    for (let attempt = 0; answer.status === 200 && attempt < 50; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await api.post(TEST, { token: 'carol-phone' });
    }
    expectError(answer, 'Device not recognized', 'INVALID_PUSH_DEVICE_TOKEN');
  });
});
