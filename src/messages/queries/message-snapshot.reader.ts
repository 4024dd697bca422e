import { Injectable } from '@nestjs/common';
import { MessageLoader } from '../persistence/message.loader';
import { MessageSnapshot } from '../public/message-snapshot';

/**
 * Messages as other modules read them whole (an outgoing webhook's payload), with no
 * access check: the messages module's read facade over its loader. Callers that act for a
 * user check access with `MessageAccess` first.
 */
@Injectable()
export class MessageSnapshotReader {
  constructor(private readonly loader: MessageLoader) {}

  /** The snapshots of those of `ids` that exist, by id. */
  load(ids: readonly number[]): Promise<Map<number, MessageSnapshot>> {
    return this.loader.load(ids);
  }
}
