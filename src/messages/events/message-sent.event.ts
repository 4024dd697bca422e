import { MessageSnapshot } from '../public/message-snapshot';

/** A message was stored; these users received it with these flag bits. */
export class MessageSentEvent {
  constructor(
    readonly message: MessageSnapshot,
    readonly recipients: readonly { userId: number; flags: number }[],
    /** Public channel messages also reach queues registered with `all_public_streams`. */
    readonly inPublicChannel: boolean,
    /** The sender's queue that asked for a local echo, and the id it gave. */
    readonly localEcho: { userId: number; queueId: string; localId: string } | null,
    /**
     * Recipients the message's mentions made follow its topic
     * (`automatically_follow_topics_where_mentioned`), with the topic's visibility policy
     * for them before the send: notification rules go by that one, as Zulip's do. Undefined
     * in events an older build wrote to the outbox.
     */
    readonly mentionFollows?: readonly { userId: number; previousPolicy: number }[],
  ) {}
}
