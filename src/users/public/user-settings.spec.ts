import { ApiError } from '../../shared/api-error';
import {
  checkSettingValue,
  initialUserSettings,
  isRealmDefaultSetting,
  isValidTimezone,
  settingKind,
  userSettingsOf,
} from './user-settings';

function messageOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error.msg;
    throw error;
  }
}

describe('user settings rules', () => {
  it('types settings by their defaults', () => {
    expect(settingKind('twenty_four_hour_time')).toBe('bool');
    expect(settingKind('color_scheme')).toBe('int');
    expect(settingKind('emojiset')).toBe('string');
  });

  it('accepts allowed values and names the setting otherwise', () => {
    expect(messageOf(() => checkSettingValue('color_scheme', 3))).toBeNull();
    expect(messageOf(() => checkSettingValue('color_scheme', 4))).toBe('Invalid color_scheme');
    expect(messageOf(() => checkSettingValue('web_home_view', 'recent'))).toBe('Invalid web_home_view');
    expect(messageOf(() => checkSettingValue('emojiset', 'google-blob'))).toBeNull();
    expect(messageOf(() => checkSettingValue('default_language', 'xx'))).toBe('Invalid default_language');
    expect(messageOf(() => checkSettingValue('default_language', 'de'))).toBeNull();
    expect(messageOf(() => checkSettingValue('notification_sound', 'none'))).toBeNull();
    expect(messageOf(() => checkSettingValue('notification_sound', 'boom'))).toBe("Invalid notification sound 'boom'");
    expect(messageOf(() => checkSettingValue('email_notifications_batching_period_seconds', 0))).toBe(
      'Invalid email batching period: 0 seconds',
    );
    expect(messageOf(() => checkSettingValue('email_notifications_batching_period_seconds', 604800))).toBeNull();
  });

  it('knows IANA time zones', () => {
    expect(isValidTimezone('Europe/Berlin')).toBe(true);
    expect(isValidTimezone('')).toBe(true);
    expect(isValidTimezone('Mars/Olympus')).toBe(false);
  });

  it('keeps the language and account choices out of the realm defaults', () => {
    expect(isRealmDefaultSetting('default_language')).toBe(false);
    expect(isRealmDefaultSetting('enable_marketing_emails')).toBe(false);
    expect(isRealmDefaultSetting('emojiset')).toBe(true);
  });

  it('starts a new user from the realm defaults and the realm language', () => {
    expect(initialUserSettings({ emojiset: 'text', email_address_visibility: 4 }, { default_language: 'de' })).toEqual({
      settings: { emojiset: 'text', default_language: 'de' },
      emailAddressVisibility: 4,
    });
    expect(initialUserSettings({}, {})).toEqual({ settings: {}, emailAddressVisibility: 1 });
  });

  it('reads the address visibility from its column', () => {
    expect(userSettingsOf({ settings: { emojiset: 'text' }, emailAddressVisibility: 3 })).toMatchObject({
      emojiset: 'text',
      email_address_visibility: 3,
      color_scheme: 1,
    });
  });
});
