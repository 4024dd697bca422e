import { createHash } from 'node:crypto';
import { UserRow } from './user-row';
import { canSeeDeliveryEmail, EmailAddressVisibility } from '../../shared/roles';

/**
 * How users are named and pictured to one another: the address others see, avatar URLs
 * and the placeholders for users a viewer may not access. Controllers, projections and
 * other modules (messages, presence, reactions, avatars) all show users this way.
 */

/** Who looks at a user: decides whether the real address shows. */
export interface Viewer {
  id: number;
  role: number;
}

/**
 * The address other users see: the real one when its owner lets everyone see it (and for
 * bots), otherwise a placeholder `user<id>@<realm host>` that works only for the API.
 */
export function apiEmail(user: Pick<UserRow, 'id' | 'isBot' | 'deliveryEmail' | 'emailAddressVisibility'>, realmHostName: string): string {
  if (user.isBot || user.emailAddressVisibility === EmailAddressVisibility.Everyone) return user.deliveryEmail;
  return `user${user.id}@${realmHostName}`;
}

export function gravatarUrl(email: string, avatarVersion: number, medium = false): string {
  const hash = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon${medium ? '&s=500' : ''}&version=${avatarVersion}`;
}

/** Avatar sources, as Zulip stores them: Gravatar, or an image the user uploaded. */
export const AvatarSource = { Gravatar: 'G', Uploaded: 'U' } as const;

/** What an avatar URL is made of. */
export type AvatarOwner = Pick<UserRow, 'id' | 'realmId' | 'deliveryEmail' | 'avatarVersion' | 'avatarSource'>;

/**
 * Where an uploaded avatar lives in the upload store: per realm, under a name derived
 * from the user id (Zulip's `user_avatar_path`).
 */
export function uploadedAvatarKey(user: Pick<UserRow, 'id' | 'realmId'>, medium: boolean): string {
  const hash = createHash('sha1').update(`user-avatar:${user.id}`).digest('hex');
  return `${user.realmId}/${hash}${medium ? '-medium' : ''}.png`;
}

/** Zulip's `avatar_url`: the uploaded image (served at `/user_avatars/...`) or Gravatar's. */
export function storedAvatarUrl(user: AvatarOwner, medium = false): string {
  if (user.avatarSource === AvatarSource.Uploaded) {
    return `/user_avatars/${uploadedAvatarKey(user, medium)}?version=${user.avatarVersion}`;
  }
  return gravatarUrl(user.deliveryEmail, user.avatarVersion, medium);
}

/**
 * `avatar_url`: null when the client computes Gravatar URLs itself (`client_gravatar`) and
 * can see the address the hash is made of.
 */
export function avatarUrlFor(
  user: Pick<UserRow, 'id' | 'realmId' | 'isBot' | 'deliveryEmail' | 'emailAddressVisibility' | 'avatarVersion' | 'avatarSource'>,
  viewer: Viewer | null,
  clientGravatar: boolean,
): string | null {
  if (clientGravatar && user.avatarSource === AvatarSource.Gravatar && canSeeDeliveryEmail(user, viewer)) return null;
  return storedAvatarUrl(user);
}

/** Zulip's `get_avatar_for_inaccessible_user`. */
export const UNKNOWN_USER_AVATAR_URL = '/static/images/unknown-user-avatar.png';
/** UserProfile.INACCESSIBLE_USER_NAME. */
export const INACCESSIBLE_USER_NAME = 'Unknown user';
