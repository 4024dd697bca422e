/** Zulip's recipient types: a user's 1:1 inbox, a channel, a group DM. */
export enum RecipientType {
  Personal = 1,
  Stream = 2,
  DirectMessageGroup = 3,
}
