import { createHash } from 'node:crypto';

/** The realm's pictures: its icon, its logo, and its logo for the dark theme. */
export type RealmImageKind = 'icon' | 'logo' | 'night_logo';

/** Zulip's Realm.ICON_UPLOADED and LOGO_UPLOADED; the icon otherwise is the identicon (`G`), a logo the default (`D`). */
export const UPLOADED = 'U';
export const DEFAULT_SOURCE: Readonly<Record<RealmImageKind, string>> = { icon: 'G', logo: 'D', night_logo: 'D' };

/** What register and the `realm` events need of a realm to name its pictures. */
export interface RealmImageFields {
  id: number;
  iconSource: string;
  iconVersion: number;
  logoSource: string;
  logoVersion: number;
  nightLogoSource: string;
  nightLogoVersion: number;
}

/** The upload store's key of a realm's picture (Zulip's `<realm id>/realm/icon.png`, `logo.png`, `night_logo.png`). */
export function realmImageKey(realmId: number, kind: RealmImageKind): string {
  return `${realmId}/realm/${kind}.png`;
}

export function sourceOf(realm: RealmImageFields, kind: RealmImageKind): string {
  return kind === 'icon' ? realm.iconSource : kind === 'logo' ? realm.logoSource : realm.nightLogoSource;
}

function versionOf(realm: RealmImageFields, kind: RealmImageKind): number {
  return kind === 'icon' ? realm.iconVersion : kind === 'logo' ? realm.logoVersion : realm.nightLogoVersion;
}

/** Zulip's default realm icon: an identicon keyed by the realm id. */
export function identiconUrl(realmId: number): string {
  const hash = createHash('md5').update(String(realmId)).digest('hex');
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon`;
}

/**
 * Zulip's realm_icon_url and get_realm_logo_url: an uploaded picture at its versioned URL;
 * otherwise the identicon for the icon, and no URL (the app's own logo) for a logo.
 */
export function realmImageUrl(realm: RealmImageFields, kind: RealmImageKind): string {
  if (sourceOf(realm, kind) === UPLOADED) return `/user_avatars/${realmImageKey(realm.id, kind)}?version=${versionOf(realm, kind)}`;
  return kind === 'icon' ? identiconUrl(realm.id) : '';
}

/** Zulip's `realm` `update_dict` data for a picture (its property is `icon`, `logo` or `night_logo`). */
export function realmImageData(realm: RealmImageFields, kind: RealmImageKind): Record<string, string> {
  return { [`${kind}_url`]: realmImageUrl(realm, kind), [`${kind}_source`]: sourceOf(realm, kind) };
}
