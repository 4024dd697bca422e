import { Injectable } from '@nestjs/common';
import { ChannelPolicy } from '../../channels/public/channel-policy';
import { TopicMessagesDeletedEvent } from '../../channels/events/channel-update-events';
import { FirstMessageRefresher } from '../../channels/commands/first-message.refresher';
import { ChannelViewers } from '../../channels/queries/channel-viewers';
import { StreamRow } from '../../channels/public/stream-row';
import { SubscriberDirectory } from '../../channels/queries/subscriber-directory';
import { AutomaticPolicy, VisibilityPolicy } from '../../user-topics/public/visibility-policy';
import { effectiveSettings } from '../../users/public/user-settings';
import { PolicyActorLoader } from '../../channels/access/policy-actor.loader';
import { UserTopicWriter } from '../../user-topics/commands/user-topic.writer';
import { EditHistoryEntry, mergedVisibilityPolicy } from '../domain/message-edit-rules';
import { FLAG_BITS, flagNames } from '../../shared/message-flags';
import { messageUrl } from '../../shared/narrow-url';
import { channelTopicLink, newThreadNotice, oldThreadNotice, resolutionNotice } from '../domain/message-move-notices';
import { MessageUpdatedEvent } from '../events/message-updated.event';
import { MessageEditStore } from '../persistence/message-edit.store';
import { TopicNoticeEvent } from '../events/topic-notice.event';
import type { EditPlan } from '../domain/edit-plan';
import { Database } from '../../platform/database/database';
import { MessageCommandStore } from '../persistence/message-command.store';

export interface ChannelEditArgs {
  plan: EditPlan;
  /** The `update_message` body so far. */
  body: Record<string, unknown>;
  /** The edited message's history entry. */
  entry: EditHistoryEntry;
  now: Date;
  streamEdited: boolean;
  topicEdited: boolean;
  realmUrl: string;
  notifyOldThread: boolean;
  notifyNewThread: boolean;
  actorMention: string;
}

const ids = (users: readonly { userId: number }[]) => users.map((user) => user.userId);

/**
 * The channel-message half of Zulip's do_update_message: which messages change, who loses
 * or gains them, the `update_message` audience, topic visibility policies that follow a
 * moved topic, the channels' first messages, and the notification bot's notices.
 */
@Injectable()
export class MessageMoveEffects {
  constructor(
    private readonly store: MessageEditStore,
    private readonly subscriptions: SubscriberDirectory,
    private readonly topicWriter: UserTopicWriter,
    private readonly viewers: ChannelViewers,
    private readonly actors: PolicyActorLoader,
    private readonly database: Database,
    private readonly firstMessage: FirstMessageRefresher,
    private readonly reads: MessageCommandStore,
  ) {}

  async moveAndNotify(args: ChannelEditArgs): Promise<void> {
    const { plan, body, entry, now, streamEdited, topicEdited } = args;
    const { message, user, actor } = plan;
    const orig = plan.origStream as StreamRow;
    const target = plan.targetStream as StreamRow;
    const origRecipient = orig.recipientId as number;
    const targetRecipient = target.recipientId as number;
    const origTopic = plan.origTopic;
    const targetTopic = plan.targetTopic ?? origTopic;
    const isMoved = streamEdited || topicEdited;
    const resolution = plan.topicResolved || plan.topicUnresolved;

    // Who keeps, loses and gains the messages on a move to another channel.
    let losingRows: number[] = [];
    let losingAccess: number[] = [];
    let gaining: number[] = [];
    let newCurrent: { userId: number; isGuest: boolean }[] = [];
    if (streamEdited) {
      const oldAll = await this.store.subscribers(origRecipient, { everRows: true });
      newCurrent = await this.store.subscribers(targetRecipient, { includeDeactivatedUsers: true });
      const newIds = new Set(ids(newCurrent));
      const losing = oldAll.filter((subscriber) => !newIds.has(subscriber.userId));
      losingRows = ids(losing);
      // To a public channel only guests lose access; to a private one, every non-subscriber.
      losingAccess = ids(target.inviteOnly ? losing : losing.filter((subscriber) => subscriber.isGuest));
      if (!target.historyPublicToSubscribers) gaining = ids(newCurrent);
    }

    const targetTopicHadMessages = isMoved && (await this.store.topicMessages(targetRecipient, targetTopic, { limit: 1 })).length > 0;

    // The messages that change: the edited one, and the topic's others by propagate_mode.
    let changedIds = [message.id];
    if (plan.propagateMode !== 'change_one' && isMoved) {
      let onlyRowsOf: number | undefined;
      if (streamEdited) {
        // Moving to another channel moves only what the mover may read.
        const subscribed = await this.subscriptions.isSubscribed(user.id, origRecipient);
        if (!ChannelPolicy.canReadHistory(actor, orig, subscribed)) onlyRowsOf = user.id;
      }
      const others = await this.store.topicMessages(origRecipient, origTopic, {
        afterId: plan.propagateMode === 'change_later' ? message.id : undefined,
        excludeIds: [message.id],
        onlyRowsOf,
      });
      changedIds = [message.id, ...others.map((row) => row.id)].sort((a, b) => a - b);
    }

    const trueMove = streamEdited || (topicEdited && !resolution);
    const moveFields = {
      subject: topicEdited ? targetTopic : undefined,
      recipientId: streamEdited ? targetRecipient : undefined,
      moved: trueMove,
      at: now,
    };
    await this.store.apply({ ids: [message.id], entry, contentEdited: plan.content !== null, ...moveFields });
    const otherIds = changedIds.filter((id) => id !== message.id);
    if (otherIds.length > 0) {
      // The other messages' history records only the move.
      const moveEntry: EditHistoryEntry = { user_id: entry.user_id, timestamp: entry.timestamp };
      if (topicEdited) Object.assign(moveEntry, { prev_topic: entry.prev_topic, topic: entry.topic });
      if (streamEdited) Object.assign(moveEntry, { prev_stream: entry.prev_stream, stream: entry.stream });
      await this.store.apply({ ids: otherIds, entry: moveEntry, contentEdited: false, ...moveFields });
    }

    if (streamEdited) {
      // Mentions are not re-decided on a move: newcomers' rows carry only `read`.
      await this.store.insertReadRows(gaining, changedIds, FLAG_BITS.read);
      await this.store.deleteRows(losingRows, changedIds);
      this.database.record(new TopicMessagesDeletedEvent(user.realmId, orig.id, origTopic, changedIds, losingAccess));
    }

    const recipients = await this.audience({ orig, target, streamEdited, messageId: message.id, losingAccess, newCurrent });

    // Whether the mover moved the whole topic (as far as they can see it).
    let movedAll = false;
    if (isMoved) {
      if (plan.propagateMode === 'change_all') {
        movedAll = true;
      } else {
        const subscribed = await this.subscriptions.isSubscribed(user.id, origRecipient);
        const fullHistory = ChannelPolicy.canReadHistory(actor, orig, subscribed);
        movedAll = (await this.store.topicMessages(origRecipient, origTopic, { onlyRowsOf: fullHistory ? undefined : user.id, limit: 1 })).length === 0;
      }
    }
    let followersOfOriginal: number[] | null = null;
    if (movedAll) {
      followersOfOriginal = await this.moveTopicPolicies({
        realmId: user.realmId,
        orig,
        target,
        origTopic,
        targetTopic,
        losingAccess: streamEdited ? losingAccess : [],
        targetTopicHadMessages,
        now,
      });
    } else if (isMoved) {
      await this.maybeFollowAsInitiator({ plan, target, targetTopic, changedIds, losingAccess, now });
    }

    body.message_ids = changedIds;
    this.database.record(new MessageUpdatedEvent(user.realmId, body, recipients, plan.content?.priorMentionUserIds ?? null));

    if (streamEdited) {
      await this.syncFirstMessage(orig);
      await this.syncFirstMessage(target);
    }

    if (topicEdited && plan.content === null && !streamEdited && resolution) {
      const followers = followersOfOriginal ?? (await this.followers(orig.id, targetTopic));
      const subscribers = await this.store.subscribers(origRecipient);
      const humans = await this.humanIds(ids(subscribers));
      const unread = followers.filter((id) => humans.has(id) && id !== user.id);
      this.database.record(
        new TopicNoticeEvent(user.realmId, orig.id, targetTopic, resolutionNotice(args.actorMention, plan.topicResolved), [user.id], unread, true),
      );
    }

    if (!isMoved) return;
    let newNotice: string | null = null;
    if (args.notifyNewThread && (streamEdited || (topicEdited && !resolution))) {
      const subscribed = await this.subscriptions.isSubscribed(user.id, targetRecipient);
      const fullHistory = ChannelPolicy.canReadHistory(actor, target, subscribed);
      const preexisting = await this.store.topicMessages(targetRecipient, targetTopic, {
        excludeIds: changedIds,
        onlyRowsOf: fullHistory ? undefined : user.id,
        limit: 1,
      });
      newNotice = newThreadNotice({
        user: args.actorMention,
        oldLocation: channelTopicLink(orig.id, orig.name, origTopic),
        wholeTopic: preexisting.length === 0 && movedAll,
        count: changedIds.length,
        messageLink: messageUrl(args.realmUrl, { id: message.id, streamId: target.id, streamName: target.name, topic: targetTopic }),
      });
    }
    if (newNotice !== null) this.database.record(new TopicNoticeEvent(user.realmId, target.id, targetTopic, newNotice, [user.id]));
    if (args.notifyOldThread) {
      const oldNotice = oldThreadNotice({
        user: args.actorMention,
        newLocation: channelTopicLink(target.id, target.name, targetTopic),
        movedAll,
        count: changedIds.length,
      });
      this.database.record(new TopicNoticeEvent(user.realmId, orig.id, origTopic, oldNotice, [user.id]));
    }
  }

  /**
   * Who is told of the edit: everyone with a row for the edited message (with their
   * flags); where the original channel's history is public, also its current subscribers
   * (and on a move, the new channel's), who see it with `read`.
   */
  private async audience(
    args: { orig: StreamRow; target: StreamRow; streamEdited: boolean; messageId: number; losingAccess: number[]; newCurrent: { userId: number; isGuest: boolean }[] },
  ): Promise<{ userId: number; flags: string[] }[]> {
    const holders = await this.store.holders(args.messageId);
    const result = holders.map((holder) => ({ userId: holder.userId, flags: flagNames(holder.flags) }));
    if (!args.orig.historyPublicToSubscribers) return result;
    const known = new Set(ids(holders));
    const losing = new Set(args.streamEdited ? args.losingAccess : []);
    const fresh = (userIds: number[]) => userIds.filter((id) => !known.has(id) && !losing.has(id));
    const targetSubscribers = ids(await this.store.subscribers(args.target.recipientId as number));
    let subscribers = fresh(targetSubscribers);
    let oldNotInNew: number[] = [];
    if (args.streamEdited) {
      const inNew = new Set(targetSubscribers);
      oldNotInNew = fresh(ids(await this.store.subscribers(args.orig.recipientId as number))).filter((id) => !inNew.has(id));
      // Guests who only now see the channel's messages are not told (Zulip's choice).
      const oldCurrent = new Set(ids(await this.store.subscribers(args.orig.recipientId as number, { includeDeactivatedUsers: true })));
      const newGuests = new Set(args.newCurrent.filter((user) => user.isGuest && !oldCurrent.has(user.userId)).map((user) => user.userId));
      subscribers = subscribers.filter((id) => !newGuests.has(id));
    }
    const extra = [...new Set([...subscribers, ...oldNotInNew])].sort((a, b) => a - b);
    return [...result, ...extra.map((userId) => ({ userId, flags: ['read'] }))];
  }

  /**
   * Zulip moves topic visibility policies with a whole topic: losers of access lose the
   * policy, others carry theirs over (merged with the target topic's when it had
   * messages). Returns who followed the original topic.
   */
  private async moveTopicPolicies(
    args: {
      realmId: number;
      orig: StreamRow;
      target: StreamRow;
      origTopic: string;
      targetTopic: string;
      losingAccess: number[];
      targetTopicHadMessages: boolean;
      now: Date;
    },
  ): Promise<number[]> {
    const origPolicies = await this.store.topicPolicies(args.orig.id, args.origTopic);
    const targetPolicies = await this.store.topicPolicies(args.target.id, args.targetTopic);
    const followers = [...origPolicies].filter(([, policy]) => policy === VisibilityPolicy.Followed).map(([userId]) => userId);
    const origRef = { id: args.orig.id, recipientId: args.orig.recipientId as number };
    const targetRef = { id: args.target.id, recipientId: args.target.recipientId as number };
    const set = (userId: number, stream: { id: number; recipientId: number }, topic: string, policy: number) =>
      this.topicWriter.set({ id: userId, realmId: args.realmId }, stream, topic, policy as VisibilityPolicy, args.now);
    for (const userId of args.losingAccess) {
      if (!origPolicies.has(userId)) continue;
      await set(userId, origRef, args.origTopic, VisibilityPolicy.Inherit);
      origPolicies.delete(userId);
    }
    const users = [...new Set([...origPolicies.keys(), ...targetPolicies.keys()])].sort((a, b) => a - b);
    for (const userId of users) {
      const origPolicy = origPolicies.get(userId) ?? VisibilityPolicy.Inherit;
      const targetPolicy = targetPolicies.get(userId) ?? VisibilityPolicy.Inherit;
      if (origPolicy !== VisibilityPolicy.Inherit) await set(userId, origRef, args.origTopic, VisibilityPolicy.Inherit);
      const policy = args.targetTopicHadMessages ? mergedVisibilityPolicy(origPolicy, targetPolicy) : origPolicy;
      if (policy === targetPolicy) continue;
      await set(userId, targetRef, args.targetTopic, policy);
    }
    return followers;
  }

  /**
   * Zulip's `apply_automatic_unmute_follow_topics_policy`: when part of a topic moved and
   * the edited message is now the first its sender can see in the target topic, the
   * sender's "on initiation" settings apply as if they had started that topic.
   */
  private async maybeFollowAsInitiator(
    args: { plan: EditPlan; target: StreamRow; targetTopic: string; changedIds: number[]; losingAccess: number[]; now: Date },
  ): Promise<void> {
    const { message } = args.plan;
    const senderId = message.sender_id;
    if (args.losingAccess.includes(senderId)) return;
    const recipientId = args.target.recipientId as number;
    const [sender] = await this.reads.moveSender(senderId, recipientId);
    if (!sender || sender.is_bot) return;
    const actor = await this.actors.load(senderId);
    const fullHistory = ChannelPolicy.canReadHistory(actor, args.target, sender.muted !== null);
    const earlier = await this.store.topicMessages(recipientId, args.targetTopic, {
      excludeIds: args.changedIds,
      onlyRowsOf: fullHistory ? undefined : senderId,
      limit: 1,
    });
    if (earlier.length > 0 && earlier[0].id < message.id) return;
    const settings = effectiveSettings(sender.settings ?? {});
    let policy: VisibilityPolicy | null = null;
    if (settings.automatically_follow_topics_policy === AutomaticPolicy.OnInitiation) policy = VisibilityPolicy.Followed;
    else if (settings.automatically_unmute_topics_in_muted_streams_policy === AutomaticPolicy.OnInitiation && sender.muted === true) {
      policy = VisibilityPolicy.Unmuted;
    }
    if (policy === null) return;
    await this.topicWriter.set({ id: senderId, realmId: message.realm_id }, { id: args.target.id, recipientId }, args.targetTopic, policy, args.now);
  }

  private async followers(streamId: number, topic: string): Promise<number[]> {
    const policies = await this.store.topicPolicies(streamId, topic);
    return [...policies].filter(([, policy]) => policy === VisibilityPolicy.Followed).map(([userId]) => userId);
  }

  private async humanIds(userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.reads.humanIds(userIds);
    return new Set(rows.map((row) => row.id));
  }

  /** A channel's first message after messages moved in or out, told as a `stream` update. */
  private async syncFirstMessage(stream: StreamRow): Promise<void> {
    await this.firstMessage.set(stream, await this.store.firstMessageId(stream.recipientId as number));
  }
}
