import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';

/**
 * Queue ids in Zulip's shape (a time prefix, a colon, the rest). Processes of other
 * deployments sharing the Redis never meet them: each deployment's queues live in its own
 * keyspace (RedisKeyspace).
 */
@Injectable()
export class QueueIds {
  next(): string {
    return `${Date.now()}:${randomBytes(12).toString('base64url')}`;
  }
}
