import type { RegisterAnswer, ServerEvent } from '../api/types';
import { applyRealmDomains, applyUserDefaults, realmAdminFromRegister } from './realm-admin-state';
import { EMPTY_STATE, type ClientState } from './state';

type EventOf<T extends ServerEvent['type']> = Extract<ServerEvent, { type: T }>;

function registered(answer: Partial<RegisterAnswer>): ClientState {
  return { ...EMPTY_STATE, ...realmAdminFromRegister(answer as RegisterAnswer) };
}

const domainsEvent = (event: { op: 'add' | 'change'; realm_domain: { domain: string; allow_subdomains: boolean } } | { op: 'remove'; domain: string }): EventOf<'realm_domains'> =>
  ({ id: 1, type: 'realm_domains', ...event }) as EventOf<'realm_domains'>;

describe('the realm email domains and user defaults in the store', () => {
  it('takes register\'s domains by name and its defaults; none when register has no such sections', () => {
    const state = registered({
      realm_domains: [{ domain: 'zeta.test', allow_subdomains: false }, { domain: 'alpha.test', allow_subdomains: true }],
      realm_user_settings_defaults: { color_scheme: 1, enter_sends: false },
    });
    expect(state.realmDomains.map((entry) => entry.domain)).toEqual(['alpha.test', 'zeta.test']);
    expect(state.userDefaults).toEqual({ color_scheme: 1, enter_sends: false });
    expect(registered({})).toMatchObject({ realmDomains: [], userDefaults: {} });
  });

  it('adds a domain in its place, changes it in place and removes it by name', () => {
    let state = registered({ realm_domains: [{ domain: 'm.test', allow_subdomains: false }] });
    state = applyRealmDomains(state, domainsEvent({ op: 'add', realm_domain: { domain: 'a.test', allow_subdomains: false } }));
    state = applyRealmDomains(state, domainsEvent({ op: 'change', realm_domain: { domain: 'm.test', allow_subdomains: true } }));
    expect(state.realmDomains).toEqual([{ domain: 'a.test', allow_subdomains: false }, { domain: 'm.test', allow_subdomains: true }]);
    state = applyRealmDomains(state, domainsEvent({ op: 'remove', domain: 'a.test' }));
    expect(state.realmDomains).toEqual([{ domain: 'm.test', allow_subdomains: true }]);
  });

  it('changes one default at a time, keeping the others', () => {
    const state = applyUserDefaults(registered({ realm_user_settings_defaults: { color_scheme: 1, enter_sends: false } }), {
      id: 2, type: 'realm_user_settings_defaults', op: 'update', property: 'color_scheme', value: 2,
    });
    expect(state.userDefaults).toEqual({ color_scheme: 2, enter_sends: false });
  });
});
