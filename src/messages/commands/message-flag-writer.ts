import { Injectable } from '@nestjs/common';
import { ChannelPolicy, PolicyActor } from '../../channels/public/channel-policy';
import { ChannelDirectory } from '../../channels/queries/channel-directory';
import { PolicyActorLoader } from '../../channels/access/policy-actor.loader';
import { SubscriberDirectory } from '../../channels/queries/subscriber-directory';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { changes, FlagChange } from '../domain/flag-change';
import { MAX_STORED_ID } from '../public/message-condition';
import { HISTORICAL_FLAGS } from '../../shared/message-flags';
import { MessageFlagsUpdatedEvent } from '../events/message-flags-updated.event';
import { FlagStore } from '../persistence/flag-store';
import { RecipientType } from '../../shared/recipient-type';
import { Database } from '../../platform/database/database';

export interface FlagWriteResult {
  /** The messages whose flag changed, in the order asked. */
  changed: number[];
  /** For `read` removed: channels whose messages were left read, the user not being subscribed. */
  ignoredChannels: number[] | null;
}

/**
 * Zulip's `do_update_message_flags`, inside the caller's transaction: changes one flag on
 * the user's rows; a message without a row reads as read and historical, and gets a
 * historical row when the change makes it differ from that, after an access check that
 * answers "Invalid message(s)" alike for missing and unreadable messages.
 */
@Injectable()
export class MessageFlagWriter {
  constructor(
    private readonly store: FlagStore,
    private readonly channels: ChannelDirectory,
    private readonly subscriptions: SubscriberDirectory,
    private readonly actors: PolicyActorLoader,
    private readonly database: Database,
  ) {}

  async write(user: Actor, change: FlagChange, requested: readonly number[]): Promise<FlagWriteResult> {
    let ids = [...new Set(requested)];
    let ignoredChannels: number[] | null = null;
    const storable = ids.filter((id) => id >= 1 && id <= MAX_STORED_ID);
    const markingUnread = change.flag === 'read' && change.op === 'remove';
    // Marking unread skips some rows (below), so it locks first and sets after; any other
    // change sets every row that differs as it locks them.
    const rows = markingUnread
      ? await this.store.lockRows(user.id, storable)
      : await this.store.lockAndSetBit(user.id, storable, change.bit, change.op === 'add');
    if (markingUnread) {
      // Every unread channel message lies in a channel the user is subscribed to. Zulip
      // names the channels it skipped; a message the user cannot read is not skipped but
      // answered as missing, so that this never tells of a private channel's messages.
      const unsubscribed = await this.store.inUnsubscribedChannels(user.id, [...rows.keys()]);
      const access = new HistoryAccess(this.channels, this.subscriptions, this.actors, user);
      for (const [id, streamId] of await this.store.inUnsubscribedChannels(user.id, storable.filter((id) => !rows.has(id)))) {
        if (await access.mayRead(streamId)) unsubscribed.set(id, streamId);
      }
      ids = ids.filter((id) => !unsubscribed.has(id));
      ignoredChannels = [...new Set(unsubscribed.values())].sort((a, b) => a - b);
    }
    const changed = ids.filter((id) => changes(change, rows.get(id) ?? HISTORICAL_FLAGS));
    const rowless = changed.filter((id) => !rows.has(id));
    if (rowless.length > 0) {
      await this.requireHistoryAccess(user, rowless);
      const flags = change.op === 'add' ? HISTORICAL_FLAGS | change.bit : HISTORICAL_FLAGS & ~change.bit;
      await this.store.insertHistorical(user.id, rowless, flags);
    }
    if (markingUnread) await this.store.setBit(user.id, changed.filter((id) => rows.has(id)), change.bit, false);
    const details = markingUnread ? await this.store.unreadDetails(user.id, changed) : null;
    this.database.record(new MessageFlagsUpdatedEvent(user.realmId, user.id, change.op, change.flag, changed, false, details));
    return { changed, ignoredChannels };
  }

  /** Zulip's `bulk_access_messages` for messages without a row: channel history the user may read. */
  private async requireHistoryAccess(user: Actor, ids: readonly number[]): Promise<void> {
    const found = ids.every((id) => id >= 1 && id <= MAX_STORED_ID) ? await this.store.rowless(ids) : [];
    if (found.length !== ids.length) throw ApiError.invalidMessage();
    const access = new HistoryAccess(this.channels, this.subscriptions, this.actors, user);
    for (const message of found) {
      if (message.realmId !== user.realmId || message.recipientType !== RecipientType.Stream) throw ApiError.invalidMessage();
      if (!(await access.mayRead(message.streamId))) throw ApiError.invalidMessage();
    }
  }
}

/** Whether the user may read a channel's history, asked once per channel. */
class HistoryAccess {
  private actor: PolicyActor | null = null;
  private readonly known = new Map<number, boolean>();

  constructor(
    private readonly channels: ChannelDirectory,
    private readonly subscriptions: SubscriberDirectory,
    private readonly actors: PolicyActorLoader,
    private readonly user: Actor,
  ) {}

  async mayRead(streamId: number): Promise<boolean> {
    let allowed = this.known.get(streamId);
    if (allowed === undefined) {
      const stream = await this.channels.findById(this.user.realmId, streamId);
      if (stream === null || stream.recipientId === null) {
        allowed = false;
      } else {
        this.actor ??= await this.actors.load(this.user.id);
        const subscribed = await this.subscriptions.isSubscribed(this.user.id, stream.recipientId);
        allowed = ChannelPolicy.canReadHistory(this.actor, stream, subscribed);
      }
      this.known.set(streamId, allowed);
    }
    return allowed;
  }
}
