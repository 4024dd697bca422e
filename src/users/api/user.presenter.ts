import { createHash } from 'node:crypto';
import { UserRow } from '../public/user-row';
import type { UserProfileView } from '../persistence/user.repository';
import { canSeeDeliveryEmail, EmailAddressVisibility, Role } from '../../shared/roles';

/** The user object, as Zulip's API answers it. */
export interface UserWire {
  user_id: number;
  delivery_email: string | null;
  email: string;
  full_name: string;
  date_joined: string;
  is_active: boolean;
  is_owner: boolean;
  is_admin: boolean;
  is_guest: boolean;
  is_bot: boolean;
  bot_type: number | null;
  bot_owner_id: number | null;
  role: number;
  timezone: string;
  avatar_url: string | null;
  avatar_version: number;
  profile_data?: Record<string, { value: string; rendered_value?: string }>;
}

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

/** Python's `datetime.isoformat()` for a UTC time: microseconds and `+00:00`. */
export function isoTimestamp(date: Date): string {
  // toISOString always ends in milliseconds and `Z`.
  return `${date.toISOString().slice(0, -1)}000+00:00`;
}

export function presentUser(
  user: UserProfileView,
  realmHostName: string,
  viewer: Viewer | null,
  options: { clientGravatar: boolean },
): UserWire {
  return Object.assign(presentListedUser(user, realmHostName, viewer, options), { is_active: user.isActive });
}

/**
 * A user as lists show them, perhaps with `date_joined` already formatted: a list kept
 * between requests (RealmUserDirectory) formats it once, not on every presentation.
 */
export type ListedUserView = UserProfileView & { dateJoinedText?: string };

/**
 * The user object as register's user lists give it: without `is_active`, which the list
 * says. (Built without it rather than taken out of presentUser's: V8 makes an object left
 * by a rest pattern slow to add `profile_data` to, 1.4 ms more for a thousand users.)
 */
export function presentListedUser(
  user: ListedUserView,
  realmHostName: string,
  viewer: Viewer | null,
  options: { clientGravatar: boolean },
): Omit<UserWire, 'is_active'> {
  return {
    user_id: user.id,
    delivery_email: canSeeDeliveryEmail(user, viewer) ? user.deliveryEmail : null,
    email: apiEmail(user, realmHostName),
    full_name: user.fullName,
    date_joined: user.dateJoinedText ?? isoTimestamp(user.dateJoined),
    is_owner: user.role === Role.Owner,
    is_admin: user.role <= Role.Administrator,
    is_guest: user.role === Role.Guest,
    is_bot: user.isBot,
    bot_type: user.isBot ? user.botType : null,
    bot_owner_id: user.isBot ? user.botOwnerId : null,
    role: user.role,
    timezone: user.timezone,
    avatar_url: avatarUrlFor(user, viewer, options.clientGravatar),
    avatar_version: user.avatarVersion,
  };
}

/** Zulip's `get_avatar_for_inaccessible_user`. */
export const UNKNOWN_USER_AVATAR_URL = '/static/images/unknown-user-avatar.png';
/** UserProfile.INACCESSIBLE_USER_NAME. */
export const INACCESSIBLE_USER_NAME = 'Unknown user';

/**
 * Zulip's `get_data_for_inaccessible_user`: what a guest who may not access a user is told
 * of them (a placeholder address, the epoch as join date, no profile data).
 */
export function presentInaccessibleUser(userId: number, realmHostName: string): Omit<UserWire, 'bot_type' | 'bot_owner_id'> {
  return {
    email: `user${userId}@${realmHostName}`,
    user_id: userId,
    avatar_version: 1,
    is_admin: false,
    is_owner: false,
    is_guest: false,
    role: Role.Member,
    is_bot: false,
    full_name: INACCESSIBLE_USER_NAME,
    timezone: '',
    is_active: true,
    // Python's isoformat of the epoch, which has no fraction.
    date_joined: '1970-01-01T00:00:00+00:00',
    delivery_email: null,
    avatar_url: UNKNOWN_USER_AVATAR_URL,
    profile_data: {},
  };
}
