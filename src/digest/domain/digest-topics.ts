/**
 * Zulip's digest rules (zerver/lib/digest.py), pure: the period, who is due, and which
 * conversations are "hot".
 */

/** Zulip's DIGEST_CUTOFF: a digest covers the last five days. */
export const DIGEST_CUTOFF_DAYS = 5;
/** A user sent a digest less than this long ago gets none (Zulip's twelve_hours_ago). */
export const RECENT_DIGEST_MS = 12 * 60 * 60 * 1000;
/**
 * Zulip's UserActivityInterval.MIN_INTERVAL_LENGTH: an active presence ping at T makes an
 * activity interval that ends 15 minutes later, and a user is "active in the period" when an
 * interval ends after the cutoff. Our presence keeps the last active time, whose interval
 * ends this much after it.
 */
export const ACTIVITY_INTERVAL_MS = 15 * 60 * 1000;
/** Zulip's MAX_HOT_TOPICS_TO_BE_INCLUDED_IN_DIGEST. */
export const MAX_HOT_TOPICS = 4;
/** The most diverse topics come first (Zulip's heapq.nlargest(2, ..., diversity)). */
const MOST_DIVERSE = 2;
/** Messages shown of each hot topic (Zulip's DigestTopic.sample_messages). */
export const SAMPLE_MESSAGES = 2;
/** Users are sent to the digest work in chunks of this many (Zulip's chunk_size). */
export const DIGEST_CHUNK = 30;

/** The start of the period a digest made at `now` covers. */
export function digestCutoff(now: Date): Date {
  return new Date(now.getTime() - DIGEST_CUTOFF_DAYS * 24 * 60 * 60 * 1000);
}

/** Python's `datetime.weekday()`: Monday 0 ... Sunday 6 (UTC, as Zulip's server time). */
export function zulipWeekday(now: Date): number {
  return (now.getUTCDay() + 6) % 7;
}

/** One topic's traffic in the period, as the digest sees it. */
export interface DigestTopic {
  streamId: number;
  topic: string;
  /** Messages sent by people (not bots): Zulip's length(). */
  humanMessages: number;
  /** Names of the people who wrote in it, sorted: Zulip's human_senders. */
  participants: string[];
  /** The first messages' ids, in order (bots' too, as Zulip samples every message). */
  sampleIds: number[];
}

/**
 * Zulip's get_hot_topics: the two topics with the most distinct human senders, then filled
 * up to four with the topics with the most human messages. Ties keep the topics' order
 * (heapq.nlargest is stable), which is the order of their first message.
 */
export function hotTopics(topics: readonly DigestTopic[]): DigestTopic[] {
  const byDiversity = stableLargest(topics, (topic) => topic.participants.length, MOST_DIVERSE);
  const hot = [...byDiversity];
  for (const topic of stableLargest(topics, (topic) => topic.humanMessages, MAX_HOT_TOPICS)) {
    if (hot.length >= MAX_HOT_TOPICS) break;
    if (!hot.includes(topic)) hot.push(topic);
  }
  return hot;
}

function stableLargest<T>(items: readonly T[], key: (item: T) => number, count: number): T[] {
  return items
    .map((item, index) => ({ item, index, key: key(item) }))
    .sort((a, b) => b.key - a.key || a.index - b.index)
    .slice(0, count)
    .map((entry) => entry.item);
}

/** "+ N more messages": the human messages a hot topic has beyond those shown. */
export function moreMessages(topic: DigestTopic): number {
  return topic.humanMessages - topic.sampleIds.length;
}

/**
 * Zulip's enough_traffic: a digest is worth sending with a new channel, or hot conversations
 * (new messages when message content is hidden in emails).
 */
export function enoughTraffic(hotConversations: number, newChannels: number, newMessages: number, showContent: boolean): boolean {
  if (newChannels > 0) return true;
  if (!showContent) return newMessages > 0;
  return hotConversations > 0;
}
