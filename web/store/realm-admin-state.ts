import type { RegisterAnswer, ServerEvent, WireRealmDomain } from '../api/types';
import type { ClientState } from './state';

type EventOf<T extends ServerEvent['type']> = Extract<ServerEvent, { type: T }>;

/** The organization pages' part of a register answer: the realm's email domains and its defaults for new users. */
export function realmAdminFromRegister(answer: RegisterAnswer): Pick<ClientState, 'realmDomains' | 'userDefaults'> {
  return {
    realmDomains: sortedDomains(answer.realm_domains ?? []),
    userDefaults: { ...(answer.realm_user_settings_defaults ?? {}) },
  };
}

function sortedDomains(domains: readonly WireRealmDomain[]): WireRealmDomain[] {
  return [...domains].sort((a, b) => a.domain.localeCompare(b.domain));
}

/** Zulip's `realm_domains` events: `add` and `change` carry the domain, `remove` its name. */
export function applyRealmDomains(state: ClientState, event: EventOf<'realm_domains'>): ClientState {
  const others = state.realmDomains.filter((entry) => entry.domain !== (event.op === 'remove' ? event.domain : event.realm_domain.domain));
  const realmDomains = event.op === 'remove' ? others : sortedDomains([...others, event.realm_domain]);
  return { ...state, realmDomains };
}

/** One default for new users changed (`realm_user_settings_defaults`, op `update`). */
export function applyUserDefaults(state: ClientState, event: EventOf<'realm_user_settings_defaults'>): ClientState {
  return { ...state, userDefaults: { ...state.userDefaults, [event.property]: event.value } };
}
