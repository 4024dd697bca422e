import { VisibilityPolicy } from '../public/visibility-policy';

/** `[channel name, topic, muted since]`: the legacy `muted_topics` entry. */
export type MutedTopicEntry = [string, string, number];

/** A user's visibility policy for a topic changed. */
export class UserTopicChangedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly streamId: number,
    readonly topicName: string,
    readonly lastUpdated: number,
    readonly visibilityPolicy: VisibilityPolicy,
    /** The user's muted topics after the change, for the legacy event. */
    readonly mutedTopics: readonly MutedTopicEntry[],
  ) {}
}
