import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DatabaseIdentity } from '../../platform/database/database-identity';

/**
 * Queue ids in Zulip's shape (a time prefix, a colon, the rest) whose rest starts with a tag
 * of the database the queue was registered against. Any process sharing the Redis may
 * collect any queue; only one sharing the database may act on what the queue held.
 */
@Injectable()
export class QueueIds {
  private readonly tag: string;

  constructor(identity: DatabaseIdentity) {
    this.tag = `:${identity.id.slice(0, 8)}-`;
  }

  next(): string {
    return `${Date.now()}${this.tag}${randomBytes(9).toString('base64url')}`;
  }

  /** Whether `queueId` was made by a process on this database. */
  isOwn(queueId: string): boolean {
    return queueId.includes(this.tag);
  }
}
