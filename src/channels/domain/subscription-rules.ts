/** A user as the unsubscribe rules see it. */
export interface SubscriptionTarget {
  id: number;
  isBot: boolean;
  botOwnerId: number | null;
}

/** Zulip's `user_directly_controls_user`: oneself, or a bot one owns. */
export function directlyControls(actorId: number, target: SubscriptionTarget): boolean {
  return target.id === actorId || (target.isBot && target.botOwnerId === actorId);
}

/**
 * As in Zulip, removing these targets needs the channel permission (administrator, or
 * `can_remove_subscribers_group`) unless each target is the actor or a bot the actor owns.
 */
export function isUnsubscribingOthers(actorId: number, targets: readonly SubscriptionTarget[]): boolean {
  return targets.some((target) => !directlyControls(actorId, target));
}
