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
 * The organization's sections (`#organization/<id>`), with Zulip 10.2's fragment names and
 * labels, in its order. Members see them too, read-only, as in Zulip.
 */
export const ORGANIZATION_SECTIONS = [
  { id: 'organization-profile', label: 'Organization profile' },
  { id: 'organization-settings', label: 'Organization settings' },
  { id: 'organization-permissions', label: 'Organization permissions' },
  { id: 'organization-level-user-defaults', label: 'Default user settings' },
  { id: 'emoji-settings', label: 'Custom emoji' },
  { id: 'linkifier-settings', label: 'Linkifiers' },
  { id: 'playground-settings', label: 'Code playgrounds' },
  { id: 'users', label: 'Users' },
  { id: 'bot-list-admin', label: 'Bots' },
  { id: 'profile-field-settings', label: 'Custom profile fields' },
  { id: 'default-channels-list', label: 'Default channels' },
  { id: 'data-exports-admin', label: 'Data exports' },
] as const;

export type OrganizationSection = (typeof ORGANIZATION_SECTIONS)[number]['id'];

/**
 * What a URL fragment opens in place of the feed: a settings page (personal or the
 * organization's, with what follows the section, such as `users/active`'s tab), the
 * channels overlay or the groups overlay; null for a narrow.
 */
export type OverlayRoute =
  | { readonly kind: 'settings'; readonly section: SettingsSection }
  | { readonly kind: 'organization'; readonly section: OrganizationSection; readonly rest: readonly string[] }
  | { readonly kind: 'channels'; readonly rest: readonly string[] }
  | { readonly kind: 'groups'; readonly rest: readonly string[] };

function partsOf(hash: string): string[] {
  return hash
    .replace(/^#/, '')
    .split('/')
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
}

/**
 * The settings section a URL fragment opens, or null for any other fragment (a narrow):
 * `#settings` alone and an unknown section open the profile, as in Zulip's web client.
 */
export function settingsSectionOf(hash: string): SettingsSection | null {
  const route = overlayRouteOf(hash);
  return route?.kind === 'settings' ? route.section : null;
}

/** The overlay a fragment opens (see OverlayRoute); an unknown section opens the group's first, as Zulip does. */
export function overlayRouteOf(hash: string): OverlayRoute | null {
  const [head, section, ...rest] = partsOf(hash);
  switch (head) {
    case 'settings':
      return { kind: 'settings', section: SETTINGS_SECTIONS.find((entry) => entry.id === section)?.id ?? 'profile' };
    case 'organization':
      return {
        kind: 'organization',
        section: ORGANIZATION_SECTIONS.find((entry) => entry.id === section)?.id ?? 'organization-profile',
        rest: ORGANIZATION_SECTIONS.some((entry) => entry.id === section) ? rest : [],
      };
    case 'channels':
    case 'groups':
      return { kind: head, rest: [section, ...rest].filter((part): part is string => part !== undefined && part !== '') };
    default:
      return null;
  }
}
