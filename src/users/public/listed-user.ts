import type { UserProfileView } from '../persistence/user.repository';

/**
 * A user as lists show them, perhaps with `date_joined` already formatted: a list kept
 * between requests (RealmUserDirectory) formats it once, not on every presentation.
 */
export type ListedUserView = UserProfileView & { dateJoinedText?: string };

/** Python's `datetime.isoformat()` for a UTC time: microseconds and `+00:00`. */
export function isoTimestamp(date: Date): string {
  // toISOString always ends in milliseconds and `Z`.
  return `${date.toISOString().slice(0, -1)}000+00:00`;
}
