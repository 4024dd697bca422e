import type { ClientState } from '../store/state';

export type RealmImageKind = 'icon' | 'logo' | 'night_logo';

/** The URL of a picture the organization uploaded (`<kind>_source` `U`), or null while it has none. */
export function uploadedRealmImage(realm: ClientState['realm'], kind: RealmImageKind): string | null {
  const url = realm[`${kind}_url`];
  return realm[`${kind}_source`] === 'U' && typeof url === 'string' && url !== '' ? url : null;
}

/** The page's icon: the organization's uploaded icon, or the app's own. */
export function faviconOf(realm: ClientState['realm'], appIcon: string): string {
  return uploadedRealmImage(realm, 'icon') ?? appIcon;
}
