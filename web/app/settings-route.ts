/** The personal settings sections, by their fragment (`#settings/<id>`), as Zulip names them. */
export const SETTINGS_SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'account-and-privacy', label: 'Account & privacy' },
  { id: 'preferences', label: 'Preferences' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'your-bots', label: 'Bots' },
  { id: 'alert-words', label: 'Alert words' },
  { id: 'uploaded-files', label: 'Uploaded files' },
  { id: 'topics', label: 'Topics' },
  { id: 'muted-users', label: 'Muted users' },
] as const;

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['id'];

/**
 * The settings section a URL fragment opens, or null for any other fragment (a narrow):
 * `#settings` alone and an unknown section open the profile, as in Zulip's web client.
 */
export function settingsSectionOf(hash: string): SettingsSection | null {
  const parts = hash.replace(/^#/, '').split('/');
  if (parts[0] !== 'settings') return null;
  return SETTINGS_SECTIONS.find((section) => section.id === parts[1])?.id ?? 'profile';
}
