import * as fs from 'node:fs';
import * as path from 'node:path';
import { Params, TestUser } from './api';
import { ROOT } from './server-process';
import { StateCheck } from './state-check';

/**
 * Zulip's verify_action for this server: for each register configuration, register with
 * every state section, act, apply the queue's events with the reference applier, and
 * compare with a fresh register.
 */

/** Two registrations whose events and state differ in shape wherever a capability or option changes them. */
export const CONFIGS: Record<string, Params> = {
  legacy: { client_gravatar: false },
  modern: {
    apply_markdown: true,
    include_subscribers: true,
    slim_presence: true,
    client_capabilities: {
      notification_settings_null: true,
      bulk_message_deletion: true,
      user_avatar_url_field_optional: true,
      stream_typing_notifications: true,
      user_settings_object: true,
      linkifier_url_template: true,
      user_list_incomplete: true,
      include_deactivated_groups: true,
      archived_channels: true,
      empty_topic_name: true,
    },
  },
};

export type ConfigName = keyof typeof CONFIGS;
/** An event kind, `type` or `type/op`. */
export type Kind = string;

export function kindOf(event: { type: string; op?: unknown }): Kind {
  return typeof event.op === 'string' ? `${event.type}/${event.op}` : event.type;
}

/** Every event kind some convergence case has seen, across the file. */
export const seen = new Set<Kind>();

/**
 * Runs `act` once per configuration (so it must make fresh things each time) and checks
 * that the state converges and that each of `expected` kinds was among the events.
 */
export async function converges(
  user: TestUser,
  expected: Kind[] | ((config: ConfigName) => Kind[]),
  act: (config: ConfigName) => Promise<void>,
  configs: ConfigName[] = Object.keys(CONFIGS),
  extra: Params = {},
): Promise<void> {
  for (const config of configs) {
    const check = await StateCheck.start(user.api, user.userId, { ...CONFIGS[config], ...extra });
    await act(config);
    const { applied, fresh, events } = await check.compare();
    const kinds = new Set(events.map(kindOf));
    for (const kind of kinds) seen.add(kind);
    const wanted = typeof expected === 'function' ? expected(config) : expected;
    expect({ config, kinds: wanted.filter((kind) => kinds.has(kind)) }).toEqual({ config, kinds: wanted });
    expect({ config, state: applied }).toEqual({ config, state: fresh });
  }
}

/** The event types the server's sources hand to the dispatcher (`eventType: '...'`) or build themselves. */
export function emittedEventTypes(): Set<string> {
  const types = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) {
        const text = fs.readFileSync(full, 'utf8');
        for (const match of text.matchAll(/eventType: '([a-z_]+)'/g)) types.add(match[1]);
        for (const match of text.matchAll(/type: '(restart|heartbeat)'/g)) types.add(match[1]);
      }
    }
  };
  walk(path.join(ROOT, 'src'));
  return types;
}

/**
 * Every event the server emits, by type and op, each with a convergence case: a new type
 * fails the registry test until it is listed here and has a case.
 */
export const EMITTED: Record<string, Kind[]> = {
  realm: ['realm/update', 'realm/update_dict'],
  realm_user: ['realm_user/add', 'realm_user/update', 'realm_user/remove'],
  realm_bot: ['realm_bot/add', 'realm_bot/update', 'realm_bot/delete'],
  user_settings: ['user_settings/update'],
  update_display_settings: ['update_display_settings'],
  update_global_notifications: ['update_global_notifications'],
  realm_user_settings_defaults: ['realm_user_settings_defaults/update'],
  user_group: [
    'user_group/add', 'user_group/update', 'user_group/add_members', 'user_group/remove_members',
    'user_group/add_subgroups', 'user_group/remove_subgroups', 'user_group/remove',
  ],
  custom_profile_fields: ['custom_profile_fields'],
  realm_linkifiers: ['realm_linkifiers'],
  realm_playgrounds: ['realm_playgrounds'],
  realm_domains: ['realm_domains/add', 'realm_domains/change', 'realm_domains/remove'],
  realm_emoji: ['realm_emoji/update'],
  stream: ['stream/create', 'stream/update', 'stream/delete'],
  subscription: ['subscription/add', 'subscription/remove', 'subscription/update', 'subscription/peer_add', 'subscription/peer_remove'],
  default_streams: ['default_streams'],
  default_stream_groups: ['default_stream_groups'],
  message: ['message'],
  update_message: ['update_message'],
  delete_message: ['delete_message'],
  update_message_flags: ['update_message_flags/add', 'update_message_flags/remove'],
  reaction: ['reaction/add', 'reaction/remove'],
  submessage: ['submessage'],
  attachment: ['attachment/add', 'attachment/update', 'attachment/remove'],
  alert_words: ['alert_words'],
  muted_users: ['muted_users'],
  user_topic: ['user_topic'],
  muted_topics: ['muted_topics'],
  user_status: ['user_status'],
  presence: ['presence'],
  drafts: ['drafts/add', 'drafts/update', 'drafts/remove'],
  saved_snippets: ['saved_snippets/add', 'saved_snippets/update', 'saved_snippets/remove'],
  scheduled_messages: ['scheduled_messages/add', 'scheduled_messages/update', 'scheduled_messages/remove'],
};

/** Emitted types that are not register state, so have no convergence case. */
export const NOT_STATE_TYPES: Record<string, string> = {
  typing: 'transient: a client shows it and forgets it',
  typing_edit_message: 'transient, as typing',
  heartbeat: 'keeps a long poll alive',
  restart: 'tells the client to re-register',
  invites_changed: 'a bare signal with no state of its own (Zulip\'s notify_invites_changed): clients fetch GET /invites again',
  realm_export: 'the organization\'s data exports: Zulip keeps them out of register; clients fetch GET /export/realm',
  realm_export_consent: 'who consents to a full export: out of register, as in Zulip; clients fetch GET /export/realm/consents',
};
