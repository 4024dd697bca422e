/**
 * What the users module reads of messages. Messages sit above users in the module tree,
 * so users declares it here and the messages module binds it
 * (`MessagesForModulesBelowModule`: docs/architecture.md, "Reading a module above").
 */
export abstract class UserMessageReader {
  /** The user's newest message id, -1 when they have none. */
  abstract maxMessageId(userId: number): Promise<number>;
}
