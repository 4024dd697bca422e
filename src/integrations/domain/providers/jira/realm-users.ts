/**
 * How Zulip 10.2's Jira integration finds the realm's users a payload names. Without the
 * realm's users nothing matches, and the payload's own words are written instead.
 */
import { WebhookRealmUser } from '../../integration';

/** Django's case-insensitive comparisons upper-case both sides. */
function folded(text: string): string {
  return text.toUpperCase();
}

/** The user whose real address is `email`, active or not (Zulip's `get_user_by_delivery_email`). */
export function userByDeliveryEmail(
  users: readonly WebhookRealmUser[],
  email: string,
): WebhookRealmUser | null {
  const wanted = folded(email.trim());
  return users.find((user) => folded(user.deliveryEmail) === wanted) ?? null;
}

/**
 * Zulip's guess at the user behind a Jira user name: the oldest active user whose full name
 * is that name, or whose visible address starts with it, ignoring case.
 */
export function guessUserFromJiraName(
  users: readonly WebhookRealmUser[],
  jiraName: string,
): WebhookRealmUser | null {
  const wanted = folded(jiraName);
  const matches = users.filter(
    (user) => user.isActive && (folded(user.fullName) === wanted || folded(user.email).startsWith(wanted)),
  );
  if (matches.length === 0) return null;
  return matches.reduce((oldest, user) => (user.id < oldest.id ? user : oldest));
}
