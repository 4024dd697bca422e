import type { WireUser } from '../api/types';
import type { UserEntry } from './state';

/** A person as the store keeps them, from register's `realm_users` or a `realm_user` add. */
export function userEntry(
  user: Pick<WireUser, 'user_id' | 'full_name' | 'email' | 'avatar_url' | 'is_bot' | 'role'> & { delivery_email?: string | null; date_joined?: string; timezone?: string },
): UserEntry {
  return {
    id: user.user_id,
    fullName: user.full_name,
    email: user.email,
    deliveryEmail: user.delivery_email ?? null,
    avatarUrl: user.avatar_url ?? null,
    isBot: user.is_bot,
    role: user.role,
    dateJoined: user.date_joined ?? null,
    timezone: user.timezone ?? '',
  };
}
