import type { RegisterAnswer } from '../api/types';
import type { ClientState } from './state';

/**
 * Register keys with the `realm_` prefix that are lists or records with their own state
 * (users, groups, emoji, bots, ...), kept elsewhere in the store or fetched by the page
 * that shows them; everything else with the prefix is a realm setting.
 */
const NOT_SETTINGS = new Set([
  'users', 'non_active_users', 'user_groups', 'bots', 'emoji', 'domains', 'linkifiers', 'filters', 'playgrounds',
  'default_streams', 'default_stream_groups', 'user_settings_defaults', 'incoming_webhook_bots', 'embedded_bots',
]);

/**
 * The realm's settings from register, by the names `realm` events and `PATCH /realm` use
 * (register's `realm_name` is `name`), for the organization's settings pages.
 */
export function realmFromRegister(answer: RegisterAnswer): ClientState['realm'] {
  const realm: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answer)) {
    if (!key.startsWith('realm_')) continue;
    const name = key.slice('realm_'.length);
    if (!NOT_SETTINGS.has(name)) realm[name] = value;
  }
  return realm;
}

/**
 * A `realm` event's changes: `update` sets one property, `update_dict` several (its `default`
 * data, or an icon's or logo's `*_url` and `*_source`, named as register names them).
 */
export function withRealmChanges(realm: ClientState['realm'], changes: Readonly<Record<string, unknown>>): ClientState['realm'] {
  return { ...realm, ...changes };
}
