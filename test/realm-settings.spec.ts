import { Api, createTestRealm, expectError, expectSuccess, TestRealm, TestUser } from './support/api';
import { Event, Queue } from './support/queue';

/** `PATCH /realm` for the realm's plain properties: validation, permissions, `realm` events and register state. */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function realmState(api: Api): Promise<Json> {
  const response = await api.post('register', { fetch_event_types: ['realm'], event_types: ['realm'] });
  if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Applies `realm` events as a client does. */
function applyRealmEvents(state: Json, events: Event[]): Json {
  const result: Json = { ...state };
  for (const event of events) {
    if (event.op === 'update') result[`realm_${event.property}`] = event.value;
    if (event.op === 'update_dict') for (const [key, value] of Object.entries(event.data)) result[`realm_${key}`] = value;
  }
  return result;
}

/** What register gives that no event carries: the queue and the deprecated enums derived from group settings. */
function comparable(state: Json): Json {
  const { queue_id: _queue, last_event_id: _last, realm_wildcard_mention_policy: _legacy, ...rest } = state;
  return rest;
}

describe('realm settings', () => {
  let realm: TestRealm;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('realmset');
    admin = await realm.createUser('Ada Admin', 'administrator');
    member = await realm.createUser('Max Member');
  });

  it('starts from Zulip\'s defaults', async () => {
    const state = await realmState(member.api);
    expect(state).toMatchObject({
      realm_default_language: 'en',
      realm_allow_message_editing: true,
      realm_message_content_edit_limit_seconds: 600,
      realm_message_content_delete_limit_seconds: null,
      realm_move_messages_within_stream_limit_seconds: 604800,
      realm_move_messages_between_streams_limit_seconds: 604800,
      realm_mandatory_topics: false,
      realm_video_chat_provider: 1,
    });
  });

  it('refuses members, changing nothing', async () => {
    const before = await realmState(member.api);
    expectError(await member.api.patch('realm', { name: 'Taken over' }), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
    expectError(await member.api.patch('realm', { mandatory_topics: true }), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
    const after = await realmState(member.api);
    expect([after.realm_name, after.realm_mandatory_topics]).toEqual([before.realm_name, before.realm_mandatory_topics]);
  });

  it('reserves the sign-up settings to owners', async () => {
    expectError(await admin.api.patch('realm', { invite_required: false }), 'Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL');
    expectSuccess(await realm.ownerApi.patch('realm', { invite_required: false }), { invite_required: false });
    expect((await realmState(member.api)).realm_invite_required).toBe(false);
  });

  it('changes properties and group settings with one event each; state plus events equals a fresh register', async () => {
    const groups = await admin.api.get('user_groups');
    const members = (groups.body.user_groups as Json[]).find((group) => group.name === 'role:members')?.id as number;
    const administrators = (groups.body.user_groups as Json[]).find((group) => group.name === 'role:administrators')?.id as number;
    const before = await realmState(member.api);
    const queue = new Queue(member.api, before.queue_id as string, before.last_event_id as number);

    const response = await admin.api.patch('realm', {
      name: '  Renamed Realm ',
      description: 'We **chat** here.',
      default_language: 'de',
      allow_message_editing: false,
      message_content_edit_limit_seconds: 'unlimited',
      message_content_delete_limit_seconds: 300,
      move_messages_within_stream_limit_seconds: 3600,
      move_messages_between_streams_limit_seconds: '"unlimited"',
      mandatory_topics: true,
      giphy_rating: 4,
      video_chat_provider: 0,
      digest_weekday: 5,
      can_mention_many_users_group: { new: members, old: administrators },
    });
    const data = {
      name: 'Renamed Realm',
      description: 'We **chat** here.',
      default_language: 'de',
      allow_message_editing: false,
      message_content_edit_limit_seconds: null,
      message_content_delete_limit_seconds: 300,
      move_messages_within_stream_limit_seconds: 3600,
      move_messages_between_streams_limit_seconds: null,
      mandatory_topics: true,
      digest_weekday: 5,
      giphy_rating: 4,
      video_chat_provider: 0,
      can_mention_many_users_group: members,
    };
    expectSuccess(response, data);

    const events = await queue.take(13);
    expect(events.map(({ id: _id, ...event }) => event)).toEqual([
      ...Object.entries(data)
        .filter(([key]) => key !== 'can_mention_many_users_group')
        .map(([property, value]) => ({ type: 'realm', op: 'update', property, value })),
      { type: 'realm', op: 'update_dict', property: 'default', data: { can_mention_many_users_group: members } },
    ]);
    const fresh = await realmState(member.api);
    expect(comparable(applyRealmEvents(before, events))).toEqual(comparable(fresh));
    // The wildcard-mention group setting is what the deprecated enum now derives from.
    expect(fresh.realm_wildcard_mention_policy).toBe(2);

    // The same values again change nothing and say nothing.
    expectSuccess(await admin.api.patch('realm', { name: 'Renamed Realm', mandatory_topics: true }), {});
    expect(await queue.drain()).toEqual([]);
  });

  it('lets owners alone set the retention period, in days or "unlimited" (-1), with one realm update event each', async () => {
    const before = await realmState(member.api);
    expect(before.realm_message_retention_days).toBe(-1);
    const queue = new Queue(member.api, before.queue_id as string, before.last_event_id as number);

    // Zulip refuses administrators before it reads the value, so even a bad one gets this answer.
    for (const value of [30, 0, 'unlimited']) {
      expectError(await admin.api.patch('realm', { message_retention_days: value }), 'Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL');
    }
    expectError(await member.api.patch('realm', { message_retention_days: 30 }), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');

    expectSuccess(await realm.ownerApi.patch('realm', { message_retention_days: 30 }), { message_retention_days: 30 });
    expectSuccess(await realm.ownerApi.patch('realm', { message_retention_days: 30 }), {});
    expectSuccess(await realm.ownerApi.patch('realm', { message_retention_days: '"unlimited"' }), { message_retention_days: -1 });
    expectSuccess(await realm.ownerApi.patch('realm', { message_retention_days: 'unlimited' }), {});
    expectSuccess(await realm.ownerApi.patch('realm', { message_retention_days: 7 }), { message_retention_days: 7 });

    const events = await queue.take(3);
    expect(events.map(({ id: _id, ...event }) => event)).toEqual([30, -1, 7].map((value) => (
      { type: 'realm', op: 'update', property: 'message_retention_days', value }
    )));
    const fresh = await realmState(member.api);
    expect(fresh.realm_message_retention_days).toBe(7);
    expect(comparable(applyRealmEvents(before, events))).toEqual(comparable(fresh));
    expect(await queue.drain()).toEqual([]);

    expectSuccess(await realm.ownerApi.patch('realm', { message_retention_days: 'unlimited' }), { message_retention_days: -1 });
    expect((await realmState(member.api)).realm_message_retention_days).toBe(-1);
  });

  it('refuses bad retention periods with Zulip\'s messages, changing nothing', async () => {
    const before = await realmState(member.api);
    const badValue = (value: number | string) => [
      `Bad value for 'message_retention_days': ${value}`, 'REQUEST_VARIABLE_INVALID', { var_name: 'message_retention_days', bad_value: value },
    ] as const;
    expectError(await realm.ownerApi.patch('realm', { message_retention_days: 0 }), ...badValue(0));
    expectError(await realm.ownerApi.patch('realm', { message_retention_days: -1 }), ...badValue(-1));
    expectError(await realm.ownerApi.patch('realm', { message_retention_days: '"forever"' }), ...badValue('forever'));
    // A channel's word for the realm's period means nothing for the realm itself.
    expectError(await realm.ownerApi.patch('realm', { message_retention_days: '"realm_default"' }), ...badValue('realm_default'));
    expectError(await realm.ownerApi.patch('realm', { message_retention_days: 'soon' }), 'message_retention_days is not valid JSON');
    expectError(await realm.ownerApi.patch('realm', { message_retention_days: 1.5 }), 'message_retention_days is not an integer');
    expectError(await realm.ownerApi.patch('realm', { message_retention_days: '[30]' }), 'message_retention_days is not an integer');
    // Nothing of the request applies when one value is bad.
    expectError(await realm.ownerApi.patch('realm', { mandatory_topics: !before.realm_mandatory_topics, message_retention_days: 0 }), ...badValue(0));
    expect(comparable(await realmState(member.api))).toEqual(comparable(before));
  });

  it('refuses bad values with Zulip\'s messages, changing nothing', async () => {
    const before = await realmState(member.api);
    expectError(await admin.api.patch('realm', { name: 'x'.repeat(41) }), 'Organization name is too long.');
    expectError(await admin.api.patch('realm', { description: 'x'.repeat(1001) }), 'Organization description is too long.');
    expectError(await admin.api.patch('realm', { default_language: 'xx' }), "Invalid language 'xx'");
    expectError(await admin.api.patch('realm', { message_content_edit_limit_seconds: 0 }), "Bad value for 'message_content_edit_limit_seconds': 0",
      'REQUEST_VARIABLE_INVALID', { var_name: 'message_content_edit_limit_seconds', bad_value: 0 });
    expectError(await admin.api.patch('realm', { move_messages_within_stream_limit_seconds: -5 }),
      "Bad value for 'move_messages_within_stream_limit_seconds': -5", 'REQUEST_VARIABLE_INVALID',
      { var_name: 'move_messages_within_stream_limit_seconds', bad_value: -5 });
    expectError(await admin.api.patch('realm', { message_content_delete_limit_seconds: 'soon' }), 'message_content_delete_limit_seconds is not valid JSON');
    expectError(await admin.api.patch('realm', { allow_message_editing: 3 }), 'allow_message_editing is not a boolean');
    expectError(await admin.api.patch('realm', { digest_weekday: 7 }), 'Invalid digest_weekday');
    expectError(await admin.api.patch('realm', { giphy_rating: 9 }), 'Invalid giphy_rating 9');
    expectError(await admin.api.patch('realm', { video_chat_provider: 5 }), 'Invalid video_chat_provider 5');
    expectError(await admin.api.patch('realm', { mandatory_topics: false, digest_weekday: 9 }), 'Invalid digest_weekday');
    expect(comparable(await realmState(member.api))).toEqual(comparable(before));
  });
});
