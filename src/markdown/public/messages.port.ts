/**
 * What rendering reads from message history, which the messages module owns. Messages
 * sits above markdown in the module tree, so markdown declares it here and messages binds
 * it (`MessagesForModulesBelowModule`: docs/architecture.md, "Reading a module above").
 */
export abstract class TopicHistory {
  /**
   * Zulip's `get_first_message_for_user_in_topic`: the topic's oldest message, any when
   * `readsHistory`, else the oldest of the viewer's own copies (none without a viewer).
   */
  abstract oldestMessageId(recipientId: number, topic: string, viewerId: number | null, readsHistory: boolean): Promise<number | null>;

  /** Who sent a message or reacted to one in the channel's topic (Zulip's topic participants). */
  abstract participantIds(recipientId: number, topic: string): Promise<number[]>;
}
