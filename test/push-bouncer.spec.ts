import { createTestRealm, expectError, ok, runCli, sendMessage, subscribeTo, TestRealm, TestUser } from './support/api';
import { makeHere, setSettings } from './support/notification-presence';
import { BouncerRequest, PushBouncerStandIn } from './support/push-bouncer';
import { Queue } from './support/queue';
import { ownDatabase, OwnDatabase, ServerProcess, startServer } from './support/server-process';
import { sleep, until } from './support/until';

/**
 * Push notifications through Zulip's push notification service, against a stand-in that
 * speaks its remote-server protocol (test/support/push-bouncer.ts): the registration CLI
 * and its terms, devices forwarded, Zulip's payloads for a notified message (a group
 * mention named), for an edit that newly mentions someone, and for the removal once read
 * or deleted, the realms' data uploaded before the first notification, the realm's
 * `push_notifications_enabled` as the service answers it, the test notification, and
 * delivery at least once and once per message through an outage of the service and a
 * server killed between the commit and the sending, devices removed (one, or all of a
 * user's when their API key is regenerated) forwarded to the service, and the messages
 * Zulip pushes nothing for: to a recipient who is here with online push notifications
 * off, to one with offline push notifications off, to the sender. Retry delays are short
 * here (`PUSH_RETRY_DELAY_MS`, `PUSH_RETRY_MAX_DELAY_MS`).
 */

function gcmOf(request: BouncerRequest): Record<string, unknown> {
  return request.body.gcm_payload as Record<string, unknown>;
}

/** The service's removals for one user. */
function removalsFor(bouncer: PushBouncerStandIn, userId: number): BouncerRequest[] {
  return bouncer.to('push/notify').filter((request) => gcmOf(request).event === 'remove' && request.body.user_id === userId);
}

/** The service's notifications (not removals) for one user, about any message. */
function notifiesFor(bouncer: PushBouncerStandIn, userId: number): BouncerRequest[] {
  return bouncer.to('push/notify').filter((request) => gcmOf(request).event === 'message' && request.body.user_id === userId);
}

/** The service's notifications (not removals) about one message. */
function notifiesOf(bouncer: PushBouncerStandIn, messageId: number): BouncerRequest[] {
  return bouncer.to('push/notify').filter((request) => (request.body.gcm_payload as Record<string, unknown>).zulip_message_id === messageId && (request.body.gcm_payload as Record<string, unknown>).event === 'message');
}

describe('push notifications through the push notification service', () => {
  let bouncer: PushBouncerStandIn;
  let database: OwnDatabase | undefined;
  let server: ServerProcess;
  let env: NodeJS.ProcessEnv;
  let realm: TestRealm;
  let alice: TestUser;

  async function deviceOf(name: string, token: string): Promise<TestUser> {
    const user = await realm.createUser(name);
    ok(await user.api.post('users/me/android_gcm_reg_id', { token }));
    await until(() => (bouncer.devices.some((device) => device.token === token) ? true : undefined), `the registration of ${token}`);
    return user;
  }

  async function direct(to: TestUser, content: string): Promise<number> {
    return sendMessage(alice.api, { type: 'direct', to: JSON.stringify([to.userId]), content });
  }

  /** The realm's uuid, as the service knows it from a device's registration. */
  function realmUuid(): string {
    return bouncer.to('push/register')[0].body.realm_uuid as string;
  }

  /** Register's `realm_push_notifications_enabled` and its end timestamp, as `user` gets them. */
  async function pushState(user: TestUser): Promise<[unknown, unknown]> {
    const state = ok(await user.api.post('register', { fetch_event_types: ['realm'] }));
    return [state.realm_push_notifications_enabled, state.realm_push_notifications_enabled_end_timestamp];
  }

  /** Whether the service has the token registered, as its `push/register` and `push/unregister` left it. */
  function serviceHas(token: string): boolean {
    return bouncer.devices.some((device) => device.token === token);
  }

  /**
   * Waits for `control`'s notification of `controlId` (sent after the messages in question),
   * then a while longer: what has not reached the service by then was not sent.
   */
  async function settled(controlId: number, control: TestUser): Promise<void> {
    await notifyOf(controlId, control.userId);
    await sleep(1500);
  }

  /** The notification of `messageId` for `userId`, once the service has it. */
  function notifyOf(messageId: number, userId: number): Promise<BouncerRequest> {
    return until(() => notifiesOf(bouncer, messageId).find((request) => request.body.user_id === userId), `the notification of ${messageId} for ${userId}`);
  }

  beforeAll(async () => {
    bouncer = await new PushBouncerStandIn().start();
    database = await ownDatabase('chat_push');
    const registered = await runCli(['register-push-server', '--agree-to-terms-of-service', '--contact-email', 'ops@chat.example.org'], {
      env: { ZULIP_SERVICES_URL: bouncer.url },
    });
    expect(registered.code).toBe(0);
    const answer = JSON.parse(registered.stdout) as Record<string, unknown>;
    env = {
      ZULIP_SERVICE_PUSH_NOTIFICATIONS: 'true',
      ZULIP_SERVICES_URL: bouncer.url,
      ZULIP_ORG_ID: answer.zulip_org_id as string,
      ZULIP_ORG_KEY: answer.zulip_org_key as string,
      PUSH_RETRY_DELAY_MS: '200',
      PUSH_RETRY_MAX_DELAY_MS: '1000',
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    server = await startServer(env);
    realm = await createTestRealm('push', server);
    alice = await realm.createUser('Alice Sender');
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await bouncer?.stop();
    await database?.drop();
  });

  it('registers the server with the service only once its terms are accepted, naming itself honestly', async () => {
    const [registration] = bouncer.to('server/register');
    expect(bouncer.to('server/register')).toHaveLength(1);
    expect(registration.userAgent).toBe('team-chat-server/0.1.0');
    expect(registration.body).toMatchObject({ contact_email: 'ops@chat.example.org', zulip_org_id: env.ZULIP_ORG_ID, zulip_org_key: env.ZULIP_ORG_KEY });
    expect(registration.body.hostname).toMatch(/^localhost:\d+$/);

    // No terminal to ask on and no --agree-to-terms-of-service: the terms are shown, nothing is sent.
    const refused = await runCli(['register-push-server'], { env: { ZULIP_SERVICES_URL: bouncer.url } });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('https://zulip.com/policies/terms');
    expect(refused.stderr).toContain('--agree-to-terms-of-service');
    expect(bouncer.to('server/register')).toHaveLength(1);

    // Run again with the registration set: the same server, updated.
    const again = await runCli(['register-push-server', '--agree-to-terms-of-service'], {
      env: { ZULIP_SERVICES_URL: bouncer.url, ZULIP_ORG_ID: env.ZULIP_ORG_ID, ZULIP_ORG_KEY: env.ZULIP_ORG_KEY },
    });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ registered: true, created: false, zulip_org_id: env.ZULIP_ORG_ID });
    expect(JSON.parse(again.stdout)).not.toHaveProperty('zulip_org_key');
  }, 60_000);

  it("sends A's direct message to an away B once, in Zulip's payloads, after uploading the realms' data", async () => {
    const bob = await deviceOf('Bob Away', 'fcm-token-bob');
    const register = bouncer.to('push/register').find((request) => request.body.token === 'fcm-token-bob') as BouncerRequest;
    expect(register.body).toMatchObject({ token_kind: 2, user_id: bob.userId });
    expect(register.body.user_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(register.body.realm_uuid).toMatch(/^[0-9a-f-]{36}$/);

    const id = await direct(bob, 'Hello **Bob**, see you at 10 & bring the notes');
    const [notify] = await until(() => (notifiesOf(bouncer, id).length > 0 ? notifiesOf(bouncer, id) : undefined), 'the notification');
    const realmUuid = register.body.realm_uuid as string;
    expect(notify.body).toMatchObject({ user_id: bob.userId, user_uuid: register.body.user_uuid, realm_uuid: realmUuid, android_devices: ['fcm-token-bob'], apple_devices: [] });
    const realmUrl = `http://${realm.subdomain}.localhost:${server.port}`;
    expect(notify.body.gcm_options).toEqual({ priority: 'high' });
    expect(notify.body.gcm_payload).toEqual({
      server: `localhost:${server.port}`,
      realm_id: expect.any(Number),
      realm_uri: realmUrl,
      realm_url: realmUrl,
      realm_name: expect.stringContaining('Realm push-'),
      user_id: bob.userId,
      sender_id: alice.userId,
      sender_email: expect.any(String),
      time: expect.any(Number),
      recipient_type: 'private',
      event: 'message',
      zulip_message_id: id,
      content: 'Hello Bob, see you at 10 & bring the notes',
      content_truncated: false,
      sender_full_name: 'Alice Sender',
      sender_avatar_url: expect.stringMatching(/^https?:\/\//),
    });
    expect(notify.body.apns_payload).toEqual({
      alert: { title: 'Alice Sender', subtitle: '', body: 'Hello Bob, see you at 10 & bring the notes' },
      sound: 'default',
      badge: 0,
      custom: { zulip: expect.objectContaining({ message_ids: [id], recipient_type: 'private', sender_id: alice.userId, user_id: bob.userId }) },
    });
    // The realms' data went first: the realm, with its role counts.
    const analyticsAt = bouncer.requests.findIndex((request) => request.endpoint === 'server/analytics');
    expect(analyticsAt).toBeGreaterThanOrEqual(0);
    expect(analyticsAt).toBeLessThan(bouncer.requests.indexOf(notify));
    expect(bouncer.realms.get(realmUuid)).toMatchObject({ roleCounts: { '10': { '11': expect.objectContaining({ '100': 1, '400': 2 }), '12': expect.any(Number) } } });
    await sleep(2000);
    expect(notifiesOf(bouncer, id)).toHaveLength(1);
  }, 60_000);

  it('sends a remove when the message is read elsewhere, and nothing for a message already read', async () => {
    const carol = await deviceOf('Carol Reader', 'fcm-token-carol');
    const id = await direct(carol, 'Carol, read me on the web');
    await until(() => (notifiesOf(bouncer, id).length > 0 ? true : undefined), 'the notification');
    ok(await carol.api.post('messages/flags', { messages: JSON.stringify([id]), op: 'add', flag: 'read' }));
    const removal = await until(
      () => bouncer.to('push/notify').find((request) => (request.body.gcm_payload as Record<string, unknown>).event === 'remove' && request.body.user_id === carol.userId),
      'the removal',
    );
    expect(removal.body.gcm_payload).toMatchObject({ event: 'remove', zulip_message_ids: String(id), zulip_message_id: id, user_id: carol.userId });
    expect(removal.body.gcm_options).toEqual({ priority: 'normal' });
    expect(removal.body.apns_payload).toMatchObject({ badge: 0, custom: { zulip: { event: 'remove', zulip_message_ids: String(id) } } });
    // Reading it again sends nothing more.
    ok(await carol.api.post('messages/flags', { messages: JSON.stringify([id]), op: 'add', flag: 'read' }));
    await sleep(1500);
    expect(bouncer.to('push/notify').filter((request) => (request.body.gcm_payload as Record<string, unknown>).event === 'remove' && request.body.user_id === carol.userId)).toHaveLength(1);
  }, 60_000);

  it('loses nothing and sends nothing twice while the service is down for 30 s', async () => {
    const dan = await deviceOf('Dan Patient', 'fcm-token-dan');
    await bouncer.stop();
    const ids: number[] = [];
    for (let index = 0; index < 3; index += 1) ids.push(await direct(dan, `note ${index} while the service is down`));
    await sleep(30_000);
    for (const id of ids) expect(notifiesOf(bouncer, id)).toHaveLength(0);
    await bouncer.restart();
    await until(() => (ids.every((id) => notifiesOf(bouncer, id).length > 0) ? true : undefined), 'the notifications after the outage', 30_000);
    await sleep(3000);
    for (const id of ids) expect(notifiesOf(bouncer, id)).toHaveLength(1);
  }, 120_000);

  it('still sends a message committed just before the server was SIGKILLed, once, after a restart', async () => {
    const erin = await deviceOf('Erin Later', 'fcm-token-erin');
    // The service is down, so the notification can only be waiting when the process dies.
    await bouncer.stop();
    const id = await direct(erin, 'sent just before the crash');
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGKILL');
    await exited;
    // After the restart only the realms' upload answers the realm's status (Zulip's initialize_push_notifications).
    bouncer.notifyOmitsRealm = true;
    bouncer.pushStatus.set(realmUuid(), { can_push: true, expected_end_timestamp: 2_000_000_000 });
    await bouncer.restart();
    expect(notifiesOf(bouncer, id)).toHaveLength(0);
    server = await startServer({ ...env, DATA_DIR: server.dataDir, PORT: String(server.port) });
    await until(() => (notifiesOf(bouncer, id).length > 0 ? true : undefined), 'the notification after the restart', 30_000);
    await sleep(2000);
    expect(notifiesOf(bouncer, id)).toHaveLength(1);
    expect(await pushState(erin)).toEqual([true, 2_000_000_000]);
    bouncer.notifyOmitsRealm = false;
    bouncer.pushStatus.delete(realmUuid());
  }, 120_000);

  it('drops a push the service refuses, without retrying it, and forgets the devices it names', async () => {
    const fay = await deviceOf('Fay Refused', 'fcm-token-fay');
    const realmUuid = bouncer.to('push/register').find((request) => request.body.token === 'fcm-token-fay')?.body.realm_uuid as string;
    bouncer.disallowed.add(realmUuid);
    const refused = await direct(fay, 'the plan does not allow this one');
    await until(() => (bouncer.refusals.some((request) => request.code === 'PUSH_NOTIFICATIONS_DISALLOWED') ? true : undefined), 'the refusal');
    bouncer.disallowed.delete(realmUuid);
    await sleep(2500);
    expect(notifiesOf(bouncer, refused)).toHaveLength(0);
    expect(bouncer.refusals.filter((request) => request.code === 'PUSH_NOTIFICATIONS_DISALLOWED')).toHaveLength(1);

    // The service forgot Fay's phone: the next answer names it, and this server forgets it too.
    bouncer.forgotten.add('fcm-token-fay');
    const id = await direct(fay, 'after the plan was fixed');
    await until(() => (notifiesOf(bouncer, id).length > 0 ? true : undefined), 'the notification');
    await until(async () => {
      const test = await fay.api.post('mobile_push/test_notification', { token: 'fcm-token-fay' });
      return test.body.code === 'INVALID_PUSH_DEVICE_TOKEN' ? true : undefined;
    }, 'the device forgotten');
  }, 60_000);

  it("records what the service says of the realm's push notifications in register, and tells the realm's users", async () => {
    const gus = await deviceOf('Gus Status', 'fcm-token-gus');
    expect(ok(await gus.api.get('server_settings')).push_notifications_enabled).toBe(true);
    // The realms' upload answered can_push for the realm.
    await until(async () => ((await pushState(gus))[0] === true ? true : undefined), 'the realm recorded as able to push');
    const queue = await Queue.register(gus.api, { event_types: ['realm'] });

    // A notification's answer names an end to the realm's pushes.
    bouncer.pushStatus.set(realmUuid(), { can_push: true, expected_end_timestamp: 1_900_000_000 });
    await notifyOf(await direct(gus, 'the plan ends soon'), gus.userId);
    expect((await queue.take(1)).map(({ id: _id, ...event }) => event)).toEqual([
      { type: 'realm', op: 'update', property: 'push_notifications_enabled_end_timestamp', value: 1_900_000_000 },
    ]);
    expect(await pushState(gus)).toEqual([true, 1_900_000_000]);

    // The service refuses the realm's pushes: off, with no end, one event each.
    bouncer.pushStatus.delete(realmUuid());
    bouncer.disallowed.add(realmUuid());
    const refusals = bouncer.refusals.length;
    await direct(gus, 'the plan has ended');
    await until(() => (bouncer.refusals.length > refusals ? true : undefined), 'the refusal');
    expect((await queue.take(2)).map(({ id: _id, ...event }) => event)).toEqual([
      { type: 'realm', op: 'update', property: 'push_notifications_enabled', value: false },
      { type: 'realm', op: 'update', property: 'push_notifications_enabled_end_timestamp', value: null },
    ]);
    expect(await pushState(gus)).toEqual([false, null]);

    // Allowed again: the next answer says so.
    bouncer.disallowed.delete(realmUuid());
    await notifyOf(await direct(gus, 'a new plan'), gus.userId);
    expect((await queue.take(1)).map(({ id: _id, ...event }) => event)).toEqual([{ type: 'realm', op: 'update', property: 'push_notifications_enabled', value: true }]);
    expect(await pushState(gus)).toEqual([true, null]);
  }, 60_000);

  it('sends a remove to the users notified of a message when it is deleted', async () => {
    const hal = await deviceOf('Hal Deleted', 'fcm-token-hal');
    const id = await direct(hal, 'this one will be deleted');
    await notifyOf(id, hal.userId);
    const before = removalsFor(bouncer, hal.userId).length;
    ok(await alice.api.delete(`messages/${id}`));
    const removal = await until(() => removalsFor(bouncer, hal.userId)[before], 'the removal of the deleted message');
    expect(gcmOf(removal)).toMatchObject({ event: 'remove', zulip_message_ids: String(id), zulip_message_id: id, user_id: hal.userId });
    expect(removal.body.apns_payload).toMatchObject({ custom: { zulip: { event: 'remove', zulip_message_ids: String(id) } } });
    // Nobody was notified of a message read before its deletion: no remove.
    const read = await direct(hal, 'read, then deleted');
    await notifyOf(read, hal.userId);
    ok(await hal.api.post('messages/flags', { messages: [read], op: 'add', flag: 'read' }));
    await until(() => removalsFor(bouncer, hal.userId)[before + 1], 'the removal of the read message');
    ok(await alice.api.delete(`messages/${read}`));
    await sleep(1500);
    expect(removalsFor(bouncer, hal.userId)).toHaveLength(before + 2);
  }, 60_000);

  it('notifies the users an edit newly mentions, by name, group or wildcard, and nobody twice', async () => {
    const ivy = await deviceOf('Ivy Named', 'fcm-token-ivy');
    const jay = await deviceOf('Jay Everyone', 'fcm-token-jay');
    const kim = await deviceOf('Kim Grouped', 'fcm-token-kim');
    ok(await alice.api.post('user_groups/create', { name: 'edit-crew', description: 'mentioned by an edit', members: [kim.userId] }));
    await subscribeTo(alice.api, 'push-edits', {}, [alice.userId, ivy.userId, jay.userId, kim.userId]);
    const id = await sendMessage(alice.api, { type: 'stream', to: 'push-edits', topic: 'plans', content: 'the plan, first draft' });
    await sleep(1000);
    expect(notifiesOf(bouncer, id)).toHaveLength(0);

    ok(await alice.api.patch(`messages/${id}`, { content: 'the plan, with @**Ivy Named**' }));
    const named = await notifyOf(id, ivy.userId);
    expect(named.body.apns_payload).toMatchObject({ alert: { title: '#push-edits > plans', subtitle: 'Alice Sender mentioned you:', body: 'the plan, with @Ivy Named' } });
    expect(gcmOf(named)).toMatchObject({ event: 'message', zulip_message_id: id, recipient_type: 'stream', stream: 'push-edits', topic: 'plans', content: 'the plan, with @Ivy Named' });

    // Mentioned before the edit: Ivy is not notified again; the wildcard and the group are new.
    ok(await alice.api.patch(`messages/${id}`, { content: 'the plan, with @**Ivy Named**, @**all** and @*edit-crew*' }));
    const everyone = await notifyOf(id, jay.userId);
    expect(everyone.body.apns_payload).toMatchObject({ alert: { subtitle: 'Alice Sender mentioned everyone:' } });
    const grouped = await notifyOf(id, kim.userId);
    // Zulip names no group for an edit's mentions: as a mention by name.
    expect(grouped.body.apns_payload).toMatchObject({ alert: { subtitle: 'Alice Sender mentioned you:' } });
    expect(gcmOf(grouped)).not.toHaveProperty('mentioned_user_group_id');
    ok(await alice.api.patch(`messages/${id}`, { content: 'the plan, with @**Ivy Named**, @**all** and @*edit-crew*, final' }));
    await sleep(1500);
    for (const user of [ivy, jay, kim]) expect(notifiesOf(bouncer, id).filter((request) => request.body.user_id === user.userId)).toHaveLength(1);
  }, 60_000);

  it('names the user group a member was mentioned through, and none for one mentioned by name too', async () => {
    const lou = await deviceOf('Lou Crew', 'fcm-token-lou');
    const max = await deviceOf('Max Crew', 'fcm-token-max');
    const crew = ok(await alice.api.post('user_groups/create', { name: 'push-crew', description: 'a crew', members: [lou.userId, max.userId] }));
    const crewId = crew.group_id as number;
    await subscribeTo(alice.api, 'push-groups', {}, [alice.userId, lou.userId, max.userId]);
    const id = await sendMessage(alice.api, { type: 'stream', to: 'push-groups', topic: 'meeting', content: '@*push-crew* meeting at noon, @**Max Crew** too' });
    const viaGroup = await notifyOf(id, lou.userId);
    expect(gcmOf(viaGroup)).toMatchObject({ mentioned_user_group_id: crewId, mentioned_user_group_name: 'push-crew' });
    expect(viaGroup.body.apns_payload).toMatchObject({
      alert: { subtitle: 'Alice Sender mentioned @push-crew:' },
      custom: { zulip: { mentioned_user_group_id: crewId, mentioned_user_group_name: 'push-crew' } },
    });
    const byName = await notifyOf(id, max.userId);
    expect(gcmOf(byName)).not.toHaveProperty('mentioned_user_group_id');
    expect(byName.body.apns_payload).toMatchObject({ alert: { subtitle: 'Alice Sender mentioned you:' } });
  }, 60_000);

  it("sends the test notification through the service, and answers the service's refusals as Zulip does", async () => {
    const kit = await deviceOf('Kit Tester', 'fcm-token-kit');
    ok(await kit.api.post('users/me/apns_device_token', { token: 'c2VjcmV0LWFwbnMta2l0', appid: 'org.zulip.Zulip' }));
    await until(() => (bouncer.devices.some((device) => device.token === 'c2VjcmV0LWFwbnMta2l0') ? true : undefined), 'the APNs registration');
    const testsOf = () => bouncer.to('push/test_notification').filter((request) => request.body.user_id === kit.userId);

    ok(await kit.api.post('mobile_push/test_notification', { token: 'fcm-token-kit' }));
    const realmUrl = `http://${realm.subdomain}.localhost:${server.port}`;
    expect(testsOf().map((request) => request.body)).toEqual([
      {
        realm_uuid: realmUuid(),
        user_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        user_id: kit.userId,
        token: 'fcm-token-kit',
        token_kind: 2,
        base_payload: { server: `localhost:${server.port}`, realm_id: expect.any(Number), realm_uri: realmUrl, realm_url: realmUrl, realm_name: expect.stringContaining('Realm push-'), user_id: kit.userId },
      },
    ]);
    // Without a token: every device of the user.
    ok(await kit.api.post('mobile_push/test_notification', {}));
    expect(testsOf().slice(1).map((request) => [request.body.token, request.body.token_kind])).toEqual([['fcm-token-kit', 2], ['c2VjcmV0LWFwbnMta2l0', 1]]);

    // A device the service does not know.
    bouncer.forgotten.add('fcm-token-kit');
    expectError(await kit.api.post('mobile_push/test_notification', { token: 'fcm-token-kit' }), 'Device not recognized by the push bouncer', 'INVALID_REMOTE_PUSH_DEVICE_TOKEN');
    bouncer.forgotten.delete('fcm-token-kit');
    // The service unreachable: a 502, and nothing is kept to send later.
    await bouncer.stop();
    const down = await kit.api.post('mobile_push/test_notification', { token: 'fcm-token-kit' });
    await bouncer.restart();
    expect(down.status).toBe(502);
    expect(down.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    await sleep(1000);
    expect(testsOf()).toHaveLength(3);
  }, 60_000);

  it('forwards each device its owner removes to the service, of either kind, and pushes nothing to that user after', async () => {
    const nia = await deviceOf('Nia Removed', 'fcm-token-nia');
    ok(await nia.api.post('users/me/apns_device_token', { token: 'c2VjcmV0LWFwbnMtbmlh', appid: 'org.zulip.Zulip' }));
    await until(() => (serviceHas('c2VjcmV0LWFwbnMtbmlh') ? true : undefined), 'the APNs registration');
    const identity = bouncer.to('push/register').find((request) => request.body.token === 'fcm-token-nia')?.body as Record<string, unknown>;
    const unregistersOf = () => bouncer.to('push/unregister').filter((request) => request.body.user_id === nia.userId);

    ok(await nia.api.delete('users/me/android_gcm_reg_id', { token: 'fcm-token-nia' }));
    await until(() => (unregistersOf().length > 0 ? true : undefined), 'the FCM removal');
    expect(unregistersOf().map((request) => request.body)).toEqual([
      { user_id: nia.userId, user_uuid: identity.user_uuid, realm_uuid: identity.realm_uuid, token: 'fcm-token-nia', token_kind: 2 },
    ]);
    expect(serviceHas('fcm-token-nia')).toBe(false);
    expect(serviceHas('c2VjcmV0LWFwbnMtbmlh')).toBe(true);

    ok(await nia.api.delete('users/me/apns_device_token', { token: 'c2VjcmV0LWFwbnMtbmlh' }));
    await until(() => (unregistersOf().length > 1 ? true : undefined), 'the APNs removal');
    expect(unregistersOf()[1].body).toEqual({ user_id: nia.userId, user_uuid: identity.user_uuid, realm_uuid: identity.realm_uuid, token: 'c2VjcmV0LWFwbnMtbmlh', token_kind: 1 });
    expect(serviceHas('c2VjcmV0LWFwbnMtbmlh')).toBe(false);

    // A token already removed: Zulip's error, and nothing for the service.
    expectError(await nia.api.delete('users/me/android_gcm_reg_id', { token: 'fcm-token-nia' }), 'Token does not exist');
    // Without a device the user is owed no push; another user's device, sent after, is.
    const control = await deviceOf('Ned Control', 'fcm-token-ned');
    const id = await direct(nia, 'Nia has no phone any more');
    await settled(await direct(control, 'Ned still has his'), control);
    expect(notifiesOf(bouncer, id)).toEqual([]);
    expect(unregistersOf()).toHaveLength(2);
    expect(bouncer.refusals.filter((request) => request.endpoint === 'push/unregister')).toEqual([]);
  }, 60_000);

  it('tells the service to forget every device of a user whose API key is regenerated, and only theirs', async () => {
    const uma = await deviceOf('Uma Regenerated', 'fcm-token-uma');
    ok(await uma.api.post('users/me/apns_device_token', { token: 'c2VjcmV0LWFwbnMtdW1h', appid: 'org.zulip.Zulip' }));
    await until(() => (serviceHas('c2VjcmV0LWFwbnMtdW1h') ? true : undefined), 'the APNs registration');
    const vic = await deviceOf('Vic Untouched', 'fcm-token-vic');
    const identity = bouncer.to('push/register').find((request) => request.body.token === 'fcm-token-uma')?.body as Record<string, unknown>;

    const regenerated = ok(await uma.api.post('users/me/api_key/regenerate'));
    const request = await until(() => bouncer.to('push/unregister/all').find((candidate) => candidate.body.user_id === uma.userId), 'the removal of all devices');
    expect(request.body).toEqual({ user_id: uma.userId, user_uuid: identity.user_uuid, realm_uuid: identity.realm_uuid });
    expect(serviceHas('fcm-token-uma') || serviceHas('c2VjcmV0LWFwbnMtdW1h')).toBe(false);
    expect(serviceHas('fcm-token-vic')).toBe(true);
    expect(bouncer.to('push/unregister/all').filter((candidate) => candidate.body.user_id === vic.userId)).toEqual([]);

    // This server forgot them too: no push for Uma, nor a device to test.
    const api = uma.api.as({ email: uma.email, apiKey: regenerated.api_key as string });
    expectError(await api.post('mobile_push/test_notification', { token: 'fcm-token-uma' }), 'Device not recognized', 'INVALID_PUSH_DEVICE_TOKEN');
    const id = await direct(uma, 'after the new key');
    await settled(await direct(vic, 'Vic keeps his phone'), vic);
    expect(notifiesOf(bouncer, id)).toEqual([]);
  }, 60_000);

  it('pushes no direct message to a recipient who is here with online push notifications off, and does once they are away', async () => {
    const olive = await deviceOf('Olive Here', 'fcm-token-olive');
    await setSettings(olive, { enable_online_push_notifications: false });
    const [queue] = await makeHere(olive);
    const away = await deviceOf('Abe Away', 'fcm-token-abe');

    const whileHere = await direct(olive, 'Olive is at her desk');
    await settled(await direct(away, 'Abe is not'), away);
    expect(notifiesFor(bouncer, olive.userId)).toEqual([]);
    expect(notifiesOf(bouncer, whileHere)).toEqual([]);

    // Her only queue that receives messages gone, she is away: the next one is pushed.
    ok(await olive.api.delete('events', { queue_id: queue }));
    const whileAway = await direct(olive, 'Olive closed her laptop');
    await notifyOf(whileAway, olive.userId);
  }, 60_000);

  it("pushes a direct message to a recipient who is here with online push notifications on (Zulip's default)", async () => {
    const pat = await deviceOf('Pat Here Too', 'fcm-token-pat');
    expect(ok(await pat.api.post('register', { fetch_event_types: JSON.stringify(['user_settings']) })).user_settings).toMatchObject({ enable_online_push_notifications: true });
    await makeHere(pat);
    const id = await direct(pat, 'Pat is at her desk, and wants her phone to buzz anyway');
    const notify = await notifyOf(id, pat.userId);
    expect(gcmOf(notify)).toMatchObject({ event: 'message', recipient_type: 'private', zulip_message_id: id, user_id: pat.userId });
  }, 60_000);

  it('pushes nothing to a recipient with offline push notifications off: no direct message, no mention', async () => {
    const rae = await deviceOf('Rae Quiet', 'fcm-token-rae');
    await setSettings(rae, { enable_offline_push_notifications: false });
    const sid = await deviceOf('Sid Control', 'fcm-token-sid');
    await subscribeTo(alice.api, 'push-quiet', {}, [alice.userId, rae.userId, sid.userId]);

    const dm = await direct(rae, 'Rae asked for no pushes');
    const group = await sendMessage(alice.api, { type: 'direct', to: JSON.stringify([rae.userId, sid.userId]), content: 'Rae and Sid' });
    const mention = await sendMessage(alice.api, { type: 'stream', to: 'push-quiet', topic: 'quiet', content: '@**Rae Quiet** and @**Sid Control**, a word' });
    await settled(mention, sid);
    // Sid, with the defaults, was pushed both; Rae nothing.
    await notifyOf(group, sid.userId);
    expect(notifiesFor(bouncer, rae.userId)).toEqual([]);
    for (const id of [dm, group, mention]) expect(notifiesOf(bouncer, id).filter((request) => request.body.user_id === rae.userId)).toEqual([]);
  }, 60_000);

  it('pushes nothing to the sender of a message: to another user, to a group, to themselves, or mentioning themselves', async () => {
    const sam = await deviceOf('Sam Sender', 'fcm-token-sam');
    const tom = await deviceOf('Tom Receiver', 'fcm-token-tom');
    await subscribeTo(sam.api, 'push-self', {}, [sam.userId, tom.userId]);

    const ids = [
      await sendMessage(sam.api, { type: 'direct', to: JSON.stringify([tom.userId]), content: 'to Tom' }),
      await sendMessage(sam.api, { type: 'direct', to: JSON.stringify([tom.userId, alice.userId]), content: 'to Tom and Alice' }),
      await sendMessage(sam.api, { type: 'direct', to: JSON.stringify([sam.userId]), content: 'a note to self' }),
      await sendMessage(sam.api, { type: 'stream', to: 'push-self', topic: 'me', content: '@**Sam Sender** and @**Tom Receiver**' }),
    ];
    await settled(ids[3], tom);
    for (const id of [ids[0], ids[1]]) await notifyOf(id, tom.userId);
    expect(notifiesFor(bouncer, sam.userId)).toEqual([]);
    expect(notifiesOf(bouncer, ids[2])).toEqual([]);
  }, 60_000);
});
