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
  ) {}
}
