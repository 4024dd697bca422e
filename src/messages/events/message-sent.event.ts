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
  ) {}
}
