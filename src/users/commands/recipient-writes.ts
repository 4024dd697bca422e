import { Injectable } from '@nestjs/common';
import { RecipientType } from '../../shared/recipient-type';
import { RecipientStore } from '../persistence/recipient.store';

/**
 * Creates `recipient` rows, inside the caller's transaction: a user's inbox (user creation),
 * a channel's (channels) and a group DM's (messages). The table sits with users, the lowest
 * of the three modules, so that all of them reach it without a circle.
 */
@Injectable()
export class RecipientWrites {
  constructor(private readonly store: RecipientStore) {}

  /** The new recipient's id. */
  create(type: RecipientType, typeId: number): Promise<number> {
    return this.store.insert(type, typeId);
  }
}
