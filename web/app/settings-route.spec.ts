import { parseHash } from '../store/narrow';
import { settingsSectionOf } from './settings-route';

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
