/**
 * Membership of a user in a recipient: a channel, a group DM, or the user's own inbox.
 * A `subscription` row as the code reads it (`toSubscriptionRow` maps it).
 */
export interface SubscriptionRow {
  id: number;
  userId: number;
  recipientId: number;
  active: boolean;
  isUserActive: boolean;
  color: string;
  isMuted: boolean;
  pinToTop: boolean;
  desktopNotifications: boolean | null;
  audibleNotifications: boolean | null;
  pushNotifications: boolean | null;
  emailNotifications: boolean | null;
  wildcardMentionsNotify: boolean | null;
}
