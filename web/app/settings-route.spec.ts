import { parseHash } from '../store/narrow';
import { overlayRouteOf, settingsSectionOf } from './settings-route';

describe('settingsSectionOf', () => {
  it('reads #settings/<section>, opening the profile for #settings alone or an unknown section', () => {
    expect(settingsSectionOf('#settings/preferences')).toBe('preferences');
    expect(settingsSectionOf('#settings/account-and-privacy')).toBe('account-and-privacy');
    expect(settingsSectionOf('#settings')).toBe('profile');
    expect(settingsSectionOf('#settings/nonsense')).toBe('profile');
  });

  it('leaves narrows alone', () => {
    expect(settingsSectionOf('#feed')).toBeNull();
    expect(settingsSectionOf('#narrow/channel/5-settings')).toBeNull();
    expect(settingsSectionOf('')).toBeNull();
    expect(parseHash('#narrow/channel/5-settings').filter).toEqual({ kind: 'channel', channelId: 5 });
  });
});

describe('overlayRouteOf', () => {
  it('reads #organization/<section>/<rest>, opening the first section for an unknown one', () => {
    expect(overlayRouteOf('#organization/organization-profile')).toEqual({ kind: 'organization', section: 'organization-profile', rest: [] });
    expect(overlayRouteOf('#organization')).toEqual({ kind: 'organization', section: 'organization-profile', rest: [] });
    expect(overlayRouteOf('#organization/nonsense/x')).toEqual({ kind: 'organization', section: 'organization-profile', rest: [] });
  });

  it('reads the channels and groups overlays with their decoded path', () => {
    expect(overlayRouteOf('#channels/all')).toEqual({ kind: 'channels', rest: ['all'] });
    expect(overlayRouteOf('#channels/12/design%20team/general')).toEqual({ kind: 'channels', rest: ['12', 'design team', 'general'] });
    expect(overlayRouteOf('#groups')).toEqual({ kind: 'groups', rest: [] });
    expect(overlayRouteOf('#feed')).toBeNull();
  });
});
