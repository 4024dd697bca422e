/** One user told of an edit, with their flags for the edited message after it. */
export interface UpdateRecipient {
  userId: number;
  flags: readonly string[];
}

/**
 * A message was edited or moved: Zulip's `update_message` body (without `flags`, which
 * differ per user), told to every recipient listed.
 */
export class MessageUpdatedEvent {
  constructor(
    readonly realmId: number,
    readonly body: Readonly<Record<string, unknown>>,
    readonly recipients: readonly UpdateRecipient[],
    /**
     * For a content edit, Zulip's `prior_mention_user_ids`: who was mentioned (directly, by
     * a group or a wildcard) before it, so that only those the edit newly mentions are
     * notified. Null when the content did not change.
     */
    readonly priorMentionUserIds: readonly number[] | null = null,
  ) {}
}
