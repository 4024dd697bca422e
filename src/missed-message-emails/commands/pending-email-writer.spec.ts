import { MemoryEventQueueStore } from '../../platform/events/queues/memory-event-queue-store';
import { QueueDescriptor } from '../../platform/events/queues/queue-descriptor';
import { MessageUpdatedEvent } from '../../messages/events/message-updated.event';
import { CandidateQuery, CandidateRow, MissedMessageStore, PendingEntry } from '../persistence/missed-message.store';
import { NotificationRecipients } from '../queries/notification-recipients';
import { PendingEmailWriter } from './pending-email-writer';

const LIMITS = { maxEvents: 50, maxBytes: 20_000, perUser: 3, parkedMs: 60_000, dedupeWindowMs: 60_000 };

function candidate(userId: number, settings: Record<string, unknown> = {}): CandidateRow {
  return { userId, settings, subscriptionEmail: null, subscriptionPush: null, subscriptionWildcard: null, channelMuted: false, visibilityPolicy: 0 };
}

function queue(userId: number, eventTypes: string[] | null): QueueDescriptor {
  return {
    queueId: `q-${userId}-${Math.random()}`, userId, quotaUserId: userId, realmId: 1, eventTypes, applyMarkdown: true, clientGravatar: false,
    slimPresence: false, allPublicStreams: false, narrow: [], clientName: 'spec', dialect: 'spec', lifespanSecs: 600,
    capabilities: {} as QueueDescriptor['capabilities'],
  };
}

/** The store as the writer uses it: candidates and unread rows given, rows written recorded. */
class FakeStore {
  written: { entries: PendingEntry[]; away: number[] }[] = [];
  queried: CandidateQuery[] = [];
  candidateRows: CandidateRow[] = [];
  unread = new Map<number, (CandidateRow & { messageId: number; flags: number; isPrivate: boolean })[]>();

  async candidates(query: CandidateQuery): Promise<CandidateRow[]> {
    this.queried.push(query);
    return this.candidateRows;
  }

  async messagePlace(): Promise<{ realmId: number; senderId: number; recipientId: number; streamId: number; topic: string }> {
    return { realmId: 1, senderId: 9, recipientId: 30, streamId: 3, topic: 'plans' };
  }

  async unreadCandidates(userId: number): Promise<(CandidateRow & { messageId: number; flags: number; isPrivate: boolean })[]> {
    return this.unread.get(userId) ?? [];
  }

  async recordPending(entries: readonly PendingEntry[], away: readonly number[]): Promise<{ userId: number; due: Date }[]> {
    this.written.push({ entries: [...entries], away: [...away] });
    return entries.map((entry) => ({ userId: entry.userId, due: new Date(0) }));
  }
}

function edit(recipients: { userId: number; flags: string[] }[], prior: number[] | null, body: Record<string, unknown> = {}): MessageUpdatedEvent {
  return new MessageUpdatedEvent(1, { message_id: 50, user_id: 9, stream_id: 3, ...body }, recipients, prior);
}

describe('PendingEmailWriter', () => {
  let store: FakeStore;
  let queues: MemoryEventQueueStore;
  let writer: PendingEmailWriter;

  beforeEach(() => {
    store = new FakeStore();
    queues = new MemoryEventQueueStore(LIMITS);
    writer = new PendingEmailWriter(store as unknown as MissedMessageStore, new NotificationRecipients(store as unknown as MissedMessageStore, queues));
  });

  it('writes rows for those a content edit newly mentions, away or not yet decided by presence, and no one else', async () => {
    store.candidateRows = [candidate(1), candidate(2), candidate(3), candidate(4, { enable_stream_email_notifications: true }), candidate(5)];
    await queues.create(queue(2, ['message']), Date.now());
    await writer.messageEdited(
      edit(
        [
          { userId: 1, flags: ['mentioned'] }, // mentioned before
          { userId: 2, flags: ['mentioned'] }, // newly, and has a queue: presence decides
          { userId: 3, flags: ['stream_wildcard_mentioned', 'wildcard_mentioned'] }, // newly, by a wildcard
          { userId: 4, flags: ['mentioned'] }, // newly, but emailed every message of the channel
          { userId: 5, flags: [] },
          { userId: 9, flags: ['mentioned'] }, // the editor
        ],
        [1],
      ),
    );
    expect(store.queried).toEqual([{ realmId: 1, senderId: 9, recipientId: 30, streamId: 3, topic: 'plans', userIds: [2, 3, 4] }]);
    expect(store.written).toEqual([
      {
        entries: [
          { userId: 2, messageId: 50, trigger: 'mentioned' },
          { userId: 3, messageId: 50, trigger: 'stream_wildcard_mentioned' },
        ],
        away: [3],
      },
    ]);
  });

  it('ignores moves, topic edits and direct messages', async () => {
    store.candidateRows = [candidate(2)];
    expect(await writer.messageEdited(edit([{ userId: 2, flags: ['mentioned'] }], null))).toEqual([]);
    expect(await writer.messageEdited(edit([{ userId: 2, flags: ['mentioned'] }], [], { stream_id: undefined }))).toEqual([]);
    expect(store.queried).toEqual([]);
  });

  it('writes rows, all away, for an expired queue\'s messages of users left without a queue that receives messages', async () => {
    store.unread.set(1, [{ ...candidate(1), messageId: 70, flags: 0, isPrivate: true }, { ...candidate(1), messageId: 71, flags: 0, isPrivate: false }]);
    store.unread.set(2, [{ ...candidate(2), messageId: 70, flags: 0, isPrivate: true }]);
    store.unread.set(3, [{ ...candidate(3), messageId: 72, flags: 8, isPrivate: false }]);
    // User 2 still has a tab open; user 3 only a queue that takes no messages.
    await queues.create(queue(2, null), Date.now());
    await queues.create(queue(3, ['presence']), Date.now());
    await writer.queuesExpired([
      { queueId: 'a', userId: 1, messageIds: [70, 71] },
      { queueId: 'b', userId: 2, messageIds: [70] },
      { queueId: 'c', userId: 3, messageIds: [72] },
    ]);
    expect(store.written).toEqual([
      {
        // Message 71 is a channel message without mention nor channel emails: no trigger.
        entries: [
          { userId: 1, messageId: 70, trigger: 'private_message' },
          { userId: 3, messageId: 72, trigger: 'mentioned' },
        ],
        away: [1, 3],
      },
    ]);
  });
});
