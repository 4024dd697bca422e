import { Injectable } from '@nestjs/common';
import { MessageCommandStore } from '../persistence/message-command.store';

/** A message locked for a change another module makes to it, with the acting user's row on it if any. */
export interface LockedMessage {
  id: number;
  realmId: number;
  senderId: number;
  recipientId: number;
  recipientType: number;
  recipientTypeId: number;
  subject: string;
  /** Null when the user never received it. */
  userFlags: number | null;
}

/**
 * Zulip's `lock_message` for other modules' commands (a reaction, a submessage), inside
 * their transaction: two requests changing one message take turns.
 */
@Injectable()
export class MessageLocks {
  constructor(private readonly store: MessageCommandStore) {}

  /** The message, locked until the transaction ends, with `userId`'s flags on it; null when it does not exist. */
  async lock(messageId: number, userId: number): Promise<LockedMessage | null> {
    const [row] = await this.store.lockWithUserFlags(messageId, userId);
    if (!row) return null;
    return {
      id: row.id,
      realmId: row.realm_id,
      senderId: row.sender_id,
      recipientId: row.recipient_id,
      recipientType: row.type,
      recipientTypeId: row.type_id,
      subject: row.subject,
      userFlags: row.flags,
    };
  }
}
