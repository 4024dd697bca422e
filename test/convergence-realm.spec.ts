import { createBot, createTestRealm, ok, TestRealm, TestUser, uniqueName } from './support/api';
import { converges, emittedEventTypes, EMITTED, NOT_STATE_TYPES, seen } from './support/convergence';
import { pngFile, postMultipart } from './support/multipart';

/**
 * Convergence (Zulip's verify_action) for realm-wide state: realm settings, users, bots,
 * settings, groups, profile fields, linkifiers, emoji. Channels and messages are in
 * convergence-messages.spec.ts, personal state in convergence-personal.spec.ts.
 */

const KINDS = [
  ...EMITTED.realm, ...EMITTED.realm_user, ...EMITTED.realm_bot, ...EMITTED.user_settings,
  ...EMITTED.update_display_settings, ...EMITTED.update_global_notifications, ...EMITTED.realm_user_settings_defaults,
  ...EMITTED.user_group, ...EMITTED.custom_profile_fields, ...EMITTED.realm_linkifiers, ...EMITTED.realm_emoji,
  ...EMITTED.realm_playgrounds, ...EMITTED.realm_domains, ...EMITTED.default_stream_groups,
];

describe('convergence: realm state', () => {
  let realm: TestRealm;
  let member: TestUser;
  let guest: TestUser;
  let systemGroups: Record<string, number>;

  beforeAll(async () => {
    realm = await createTestRealm('conv-realm');
    member = await realm.createUser('Mia Member');
    guest = await realm.createUser('Gus Guest', 'guest');
    const groups = ok(await realm.ownerApi.get('user_groups')).user_groups as { id: number; name: string }[];
    systemGroups = Object.fromEntries(groups.map((group) => [group.name, group.id]));
  });

  it('lists every event type the server emits, each as state with cases or as not state', () => {
    const emitted = [...emittedEventTypes()].sort();
    const listed = [...Object.keys(EMITTED), ...Object.keys(NOT_STATE_TYPES)].sort();
    expect(emitted).toEqual(listed);
  });

  it('realm: update and update_dict', async () => {
    let round = 0;
    await converges(member, ['realm/update', 'realm/update_dict'], async () => {
      round += 1;
      ok(await realm.ownerApi.patch('realm', {
        description: `round ${round}`,
        waiting_period_threshold: round,
        message_retention_days: round % 2 === 1 ? 30 + round : 'unlimited',
      }));
      const group = round % 2 === 1 ? systemGroups['role:administrators'] : systemGroups['role:members'];
      ok(await realm.ownerApi.patch('realm', { can_create_bots_group: { new: group } }));
    });
  });

  it('realm: the icon, the logos and the announcement channels', async () => {
    const channels = ok(await realm.ownerApi.get('streams')).streams as { stream_id: number }[];
    let round = 0;
    await converges(member, ['realm/update', 'realm/update_dict'], async () => {
      round += 1;
      ok(await postMultipart(realm.ownerApi, 'realm/icon', [await pngFile()]));
      ok(await postMultipart(realm.ownerApi, 'realm/logo', [await pngFile()], { night: String(round % 2 === 1) }));
      if (round % 2 === 0) ok(await realm.ownerApi.delete('realm/icon'));
      ok(await realm.ownerApi.patch('realm', { new_stream_announcements_stream_id: -1, signup_announcements_stream_id: channels[0].stream_id }));
      ok(await realm.ownerApi.patch('realm', { new_stream_announcements_stream_id: channels[0].stream_id, signup_announcements_stream_id: -1 }));
    });
  });

  it('realm_user: add, and updates of name, role, activity, profile data, timezone and avatar', async () => {
    const field = ok(await realm.ownerApi.post('realm/profile_fields', { name: uniqueName('Team'), field_type: 1 })).id as number;
    await converges(member, ['realm_user/add', 'realm_user/update'], async () => {
      const newcomer = await realm.createUser();
      ok(await realm.ownerApi.patch(`users/${newcomer.userId}`, { full_name: uniqueName('Renamed') }));
      ok(await realm.ownerApi.patch(`users/${newcomer.userId}`, { role: 300 }));
      ok(await realm.ownerApi.delete(`users/${newcomer.userId}`));
      ok(await realm.ownerApi.post(`users/${newcomer.userId}/reactivate`));
      ok(await newcomer.api.patch('users/me/profile_data', { data: [{ id: field, value: 'blue' }] }));
      ok(await newcomer.api.delete('users/me/profile_data', { data: [field] }));
      ok(await newcomer.api.patch('settings', { timezone: 'Europe/Paris' }));
      ok(await postMultipart(newcomer.api, 'users/me/avatar', [await pngFile()]));
      // The observer's own row and top-level copies.
      ok(await member.api.patch('settings', { full_name: uniqueName('Mia') }));
      ok(await member.api.patch('users/me/profile_data', { data: [{ id: field, value: 'green' }] }));
    });
  });

  it("realm_user: the observer's own role change", async () => {
    let round = 0;
    await converges(member, ['realm_user/update'], async () => {
      round += 1;
      ok(await realm.ownerApi.patch(`users/${member.userId}`, { role: round % 2 === 1 ? 300 : 400 }));
    });
  });

  it('realm_user: placeholders for a guest who may not access everyone (add, remove), none with user_list_incomplete', async () => {
    ok(await realm.ownerApi.patch('realm', { can_access_all_users_group: { new: systemGroups['role:members'] } }));
    try {
      // Out of the default channels, the guest shares nothing with newcomers.
      const own = ok(await guest.api.get('users/me/subscriptions')).subscriptions as { name: string }[];
      if (own.length > 0) ok(await guest.api.delete('users/me/subscriptions', { subscriptions: own.map((sub) => sub.name) }));
      await converges(guest, (config) => (config === 'legacy' ? ['realm_user/add', 'realm_user/remove'] : ['realm_user/remove']), async () => {
        await realm.createUser();
        const shared = uniqueName('shared');
        const peer = await realm.createUser();
        ok(await realm.ownerApi.post('users/me/subscriptions', { subscriptions: [{ name: shared }], principals: [guest.userId, peer.userId] }));
        // Deactivated, the peer no longer shares a channel with the guest.
        ok(await realm.ownerApi.delete(`users/${peer.userId}`));
      }, ['legacy', 'modern'], {
        // Without user groups: a guest who only hears `remove` keeps the deactivated user in
        // the groups' members, as Zulip's own apply_event does, while a fresh register lists
        // active members only.
        fetch_event_types: ['realm', 'realm_user', 'subscription', 'stream', 'message', 'update_message_flags', 'presence', 'user_status'],
      });
    } finally {
      ok(await realm.ownerApi.patch('realm', { can_access_all_users_group: { new: systemGroups['role:everyone'] } }));
    }
  });

  it('realm_user: a guest who may not access everyone gains users through a first shared channel, and loses them leaving it', async () => {
    ok(await realm.ownerApi.patch('realm', { can_access_all_users_group: { new: systemGroups['role:members'] } }));
    const fetch = { fetch_event_types: ['realm', 'realm_user', 'subscription', 'stream', 'message', 'update_message_flags', 'presence', 'user_status'] };
    const shareWith = async (peer: TestUser): Promise<string> => {
      const shared = uniqueName('shared');
      ok(await realm.ownerApi.post('users/me/subscriptions', { subscriptions: [{ name: shared }], principals: [guest.userId, peer.userId] }));
      return shared;
    };
    try {
      const own = ok(await guest.api.get('users/me/subscriptions')).subscriptions as { name: string }[];
      if (own.length > 0) ok(await guest.api.delete('users/me/subscriptions', { subscriptions: own.map((sub) => sub.name) }));
      await converges(guest, ['realm_user/add'], async () => {
        await shareWith(await realm.createUser());
      }, ['legacy', 'modern'], fetch);
      await converges(guest, ['realm_user/remove'], async () => {
        const shared = await shareWith(await realm.createUser());
        ok(await guest.api.delete('users/me/subscriptions', { subscriptions: [shared] }));
      }, ['legacy', 'modern'], fetch);
    } finally {
      ok(await realm.ownerApi.patch('realm', { can_access_all_users_group: { new: systemGroups['role:everyone'] } }));
    }
  });

  it('realm_bot: add, update, delete', async () => {
    ok(await realm.ownerApi.patch('realm', { can_create_bots_group: { new: systemGroups['role:members'] } }));
    await converges(member, ['realm_bot/add', 'realm_bot/update', 'realm_bot/delete'], async () => {
      const bot = await createBot(realm, member.api, uniqueName('helper').replace('-', ''));
      ok(await member.api.patch(`bots/${bot.userId}`, { full_name: uniqueName('Helper') }));
      ok(await member.api.delete(`bots/${bot.userId}`));
      ok(await realm.ownerApi.post(`users/${bot.userId}/reactivate`));
      // Given to someone else, the bot leaves the member's list.
      ok(await realm.ownerApi.patch(`bots/${bot.userId}`, { bot_owner_id: realm.owner.userId }));
    });
  });

  it('user_settings, with the legacy display and notification events for clients without user_settings_object', async () => {
    let round = 0;
    const act = async () => {
      round += 1;
      ok(await member.api.patch('settings', { emojiset: round % 2 === 1 ? 'text' : 'google', enable_sounds: round % 2 === 0, enter_sends: round % 2 === 1 }));
    };
    await converges(member, ['user_settings/update', 'update_display_settings', 'update_global_notifications'], act, ['legacy']);
    await converges(member, ['user_settings/update'], act, ['modern']);
  });

  it('realm_user_settings_defaults: update', async () => {
    let round = 0;
    await converges(member, ['realm_user_settings_defaults/update'], async () => {
      round += 1;
      ok(await realm.ownerApi.patch('realm/user_settings_defaults', { enter_sends: round % 2 === 1 }));
    });
  });

  it('user_group: add, update, members, subgroups, remove', async () => {
    await converges(member, EMITTED.user_group, async () => {
      const name = uniqueName('team');
      ok(await realm.ownerApi.post('user_groups/create', { name, description: 'a team', members: [realm.owner.userId] }));
      const groups = ok(await realm.ownerApi.get('user_groups')).user_groups as { id: number; name: string }[];
      const id = groups.find((group) => group.name === name)?.id as number;
      const inner = groups.find((group) => group.name === 'role:moderators')?.id as number;
      ok(await realm.ownerApi.patch(`user_groups/${id}`, { description: 'renamed team', name: `${name}-x` }));
      ok(await realm.ownerApi.post(`user_groups/${id}/members`, { add: [member.userId] }));
      ok(await realm.ownerApi.post(`user_groups/${id}/members`, { delete: [realm.owner.userId] }));
      ok(await realm.ownerApi.post(`user_groups/${id}/subgroups`, { add: [inner] }));
      ok(await realm.ownerApi.post(`user_groups/${id}/subgroups`, { delete: [inner] }));
      ok(await realm.ownerApi.post(`user_groups/${id}/deactivate`));
    }, ['legacy']);
    // With include_deactivated_groups, deactivation is an update.
    await converges(member, ['user_group/add', 'user_group/update'], async () => {
      const name = uniqueName('team');
      ok(await realm.ownerApi.post('user_groups/create', { name, description: 'a team', members: [member.userId] }));
      const groups = ok(await realm.ownerApi.get('user_groups')).user_groups as { id: number; name: string }[];
      ok(await realm.ownerApi.post(`user_groups/${groups.find((group) => group.name === name)?.id as number}/deactivate`));
    }, ['modern']);
  });

  it('custom_profile_fields: create, edit, reorder, delete', async () => {
    await converges(member, ['custom_profile_fields'], async () => {
      const id = ok(await realm.ownerApi.post('realm/profile_fields', { name: uniqueName('Desk'), field_type: 1 })).id as number;
      ok(await realm.ownerApi.patch(`realm/profile_fields/${id}`, { hint: 'where you sit' }));
      const fields = ok(await realm.ownerApi.get('realm/profile_fields')).custom_fields as { id: number }[];
      ok(await realm.ownerApi.patch('realm/profile_fields', { order: fields.map((field) => field.id).reverse() }));
      ok(await realm.ownerApi.delete(`realm/profile_fields/${id}`));
    });
  });

  it('realm_linkifiers: add, edit, reorder, remove', async () => {
    // Clients without linkifier_url_template hear of no linkifier, as in Zulip.
    await converges(member, (config) => (config === 'modern' ? ['realm_linkifiers'] : []), async () => {
      const tag = uniqueName('T').replace('-', '');
      const id = ok(await realm.ownerApi.post('realm/filters', { pattern: `${tag}#(?P<id>[0-9]+)`, url_template: 'https://example.com/{id}' })).id as number;
      const other = ok(await realm.ownerApi.post('realm/filters', { pattern: `${tag}X#(?P<id>[0-9]+)`, url_template: 'https://example.com/x/{id}' })).id as number;
      ok(await realm.ownerApi.patch(`realm/filters/${id}`, { pattern: `${tag}#(?P<id>[0-9]+)`, url_template: 'https://example.org/{id}' }));
      const listed = ok(await realm.ownerApi.get('realm/linkifiers')).linkifiers as { id: number }[];
      ok(await realm.ownerApi.patch('realm/linkifiers', { ordered_linkifier_ids: listed.map((linkifier) => linkifier.id).reverse() }));
      ok(await realm.ownerApi.delete(`realm/filters/${other}`));
    });
  });

  it('realm_emoji: add and deactivate', async () => {
    await converges(member, ['realm_emoji/update'], async () => {
      const name = uniqueName('party').replace('-', '_');
      ok(await postMultipart(member.api, `realm/emoji/${name}`, [await pngFile()]));
      ok(await realm.ownerApi.delete(`realm/emoji/${name}`));
    });
  });

  it('realm_playgrounds: add and remove', async () => {
    await converges(member, ['realm_playgrounds'], async () => {
      const name = uniqueName('Python');
      const kept = ok(await realm.ownerApi.post('realm/playgrounds', { name, pygments_language: 'Python', url_template: 'https://python.example/?code={code}' })).id as number;
      const dropped = ok(await realm.ownerApi.post('realm/playgrounds', { name, pygments_language: 'Rust', url_template: 'https://rust.example/?code={code}' })).id as number;
      ok(await realm.ownerApi.delete(`realm/playgrounds/${dropped}`));
      expect(kept).toBeGreaterThan(0);
    });
  });

  it('realm_domains: add, change, remove, and the last one lifting the restriction to them', async () => {
    await converges(member, EMITTED.realm_domains, async () => {
      const domain = `${uniqueName('d')}.example`;
      const other = `${uniqueName('e')}.example`;
      ok(await realm.ownerApi.post('realm/domains', { domain, allow_subdomains: false }));
      ok(await realm.ownerApi.post('realm/domains', { domain: other, allow_subdomains: true }));
      ok(await realm.ownerApi.patch(`realm/domains/${domain}`, { allow_subdomains: true }));
      ok(await realm.ownerApi.patch('realm', { emails_restricted_to_domains: true }));
      ok(await realm.ownerApi.delete(`realm/domains/${other}`));
      ok(await realm.ownerApi.delete(`realm/domains/${domain}`));
    });
  });

  it('default_stream_groups: create, rename, describe, channels in and out, an archived channel leaving, delete', async () => {
    await converges(member, ['default_stream_groups'], async () => {
      const names = [uniqueName('first'), uniqueName('second'), uniqueName('third')];
      ok(await realm.ownerApi.post('users/me/subscriptions', { subscriptions: names.map((name) => ({ name })) }));
      const group = uniqueName('group');
      ok(await realm.ownerApi.post('default_stream_groups/create', { group_name: group, description: 'a group', stream_names: JSON.stringify(names.slice(0, 2)) }));
      const listed = ok(await realm.ownerApi.post('register', { fetch_event_types: ['default_stream_groups'] })).realm_default_stream_groups as { id: number; name: string }[];
      const id = listed.find((entry) => entry.name === group)?.id as number;
      ok(await realm.ownerApi.patch(`default_stream_groups/${id}`, { new_group_name: `${group}-x`, new_description: 'renamed' }));
      ok(await realm.ownerApi.patch(`default_stream_groups/${id}/streams`, { op: 'add', stream_names: JSON.stringify([names[2]]) }));
      ok(await realm.ownerApi.patch(`default_stream_groups/${id}/streams`, { op: 'remove', stream_names: JSON.stringify([names[0]]) }));
      const archived = ok(await realm.ownerApi.get('get_stream_id', { stream: names[1] })).stream_id as number;
      ok(await realm.ownerApi.delete(`streams/${archived}`));
      const kept = uniqueName('kept');
      ok(await realm.ownerApi.post('default_stream_groups/create', { group_name: kept, description: '', stream_names: JSON.stringify([names[2]]) }));
      ok(await realm.ownerApi.delete(`default_stream_groups/${id}`));
    });
  });

  it('saw every kind of this file', () => {
    expect(KINDS.filter((kind) => !seen.has(kind))).toEqual([]);
  });
});
