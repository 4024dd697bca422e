import { Injectable } from '@nestjs/common';
import { VisibilityPolicy } from '../domain/visibility-policy';
import { MutedTopicEntry, UserTopicChangedEvent } from '../events/user-topic-events';
import { UserTopicRepository } from './user-topic.repository';
import { Database } from '../../platform/database/database';

/**
 * Sets a visibility policy inside a caller's transaction and records the events when it
 * changed (setting the current value, or clearing a policy that is not set, sends none).
 */
@Injectable()
export class UserTopicWriter {
  constructor(
    private readonly topics: UserTopicRepository,
    private readonly database: Database,
  ) {}

  async set(
    user: { id: number; realmId: number },
    stream: { id: number; recipientId: number },
    topic: string,
    policy: VisibilityPolicy,
    now: Date = new Date(),
  ): Promise<void> {
    // The event names the topic as it is stored (a row keeps its first spelling), so that
    // clients match it to what register gave them.
    const stored = await this.topics.set(user.id, stream, topic, policy, now);
    if (stored === null) return;
    const muted: MutedTopicEntry[] = (await this.topics.listForUser(user.id))
      .filter((row) => row.visibilityPolicy === VisibilityPolicy.Muted)
      .map((row) => [row.streamName, row.topicName, row.lastUpdated]);
    this.database.record(new UserTopicChangedEvent(user.realmId, user.id, stream.id, stored, Math.floor(now.getTime() / 1000), policy, muted));
  }
}
