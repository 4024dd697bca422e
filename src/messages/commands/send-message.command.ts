import { escapeHtml } from '../../shared/html-escape';
import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { intArrayParam } from '../../platform/database/unit-of-work';
import { ApiError } from '../../shared/api-error';
import { MessageRenderer } from '../../markdown/message-renderer';
import { RealmRenderData, realmRenderDataColumnSql } from '../../markdown/public/realm-render-data';
import { effectiveRealmProperties } from '../../realm/public/realm-properties';
import { contentFacts, factColumns } from '../domain/message-content-facts';
import { ChannelPolicy } from '../../channels/public/channel-policy';
import { FirstMessageRefresher } from '../../channels/commands/first-message.refresher';
import { ChannelDirectory } from '../../channels/queries/channel-directory';
import { ChannelViewers } from '../../channels/queries/channel-viewers';
import { PolicyActorLoader } from '../../channels/access/policy-actor.loader';
import { StreamRow } from '../../channels/public/stream-row';
import { UserRow } from '../../users/public/user-row';
import { AutomaticTopicPolicy } from '../../user-topics/commands/automatic-topic-policy';
import { UserDirectory } from '../../users/queries/user-directory';
import { UserByEmailReader } from '../../users/queries/user-by-email.reader';
import { Actor } from '../../shared/actor';
import { AttachmentClaims } from '../../uploads/commands/attachment-claims';
import { UploadPreviewReader } from '../../uploads/queries/upload-previews.reader';
import { defaultReadBySender, normalizeContent, normalizeTopic } from '../../shared/message-content';
import { FLAG_BITS } from '../../shared/message-flags';
import { MessageSentEvent } from '../events/message-sent.event';
import { DirectMessageGroups } from './direct-message-groups';
import { MessageSendStore } from '../persistence/message-send.store';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { MessageSendHooks, StoredMessage } from './message-send-hooks';
import { MessageLoader } from '../persistence/message.loader';
import { MessageSnapshot } from '../public/message-snapshot';
import { Database } from '../../platform/database/database';

export type MessageAddress =
  | { kind: 'stream'; channel: string | number; topic: string | undefined }
  | { kind: 'private'; to: readonly number[] | readonly string[] };

export class SendMessageCommand {
  constructor(
    readonly sender: Actor,
    readonly address: MessageAddress,
    readonly content: string,
    readonly clientName: string,
    readonly readBySender: boolean | undefined,
    readonly localEcho: { queueId: string; localId: string } | null,
    /**
     * The realm's notification bot speaking (Zulip's system bots post in any channel,
     * whatever its posting permissions), with the message already read for `readBy`.
     */
    readonly internal: { readBy: readonly number[] } | null = null,
  ) {}
}


interface Delivery {
  recipientId: number;
  userIds: number[];
  stream: StreamRow | null;
  /** A direct message's recipients other than the sender (outgoing-webhook bots among them are triggered). */
  directRecipients: UserRow[];
  /** Read with the channel, so rendering needs no round trip of its own (null: the renderer reads it). */
  realmData: RealmRenderData | null;
}


/** What a message would be if sent now: checked against the sender's access and rendered. */
export interface CheckedMessage {
  content: string;
  topic: string;
  renderedContent: string;
  recipientId: number;
  /** The channel of a channel message; null for a direct message. */
  streamId: number | null;
  /** A direct message's recipients as Zulip lists them (`get_recipient_ids`): the others, or the sender alone. */
  directUserIds: number[];
}

/**
 * The send path (Zulip's `check_message` and `do_send_messages`), a write facade: the send
 * command runs it, and so do other modules' commands that send a message inside their own
 * transaction (a scheduled message is sent in the transaction that marks it delivered).
 * `send` joins the caller's open transaction, or opens one.
 */
@Injectable()
export class MessageSending {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly channels: ChannelDirectory,
    private readonly users: UserDirectory,
    private readonly conversations: DirectMessageGroups,
    private readonly loader: MessageLoader,
    private readonly actors: PolicyActorLoader,
    private readonly viewers: ChannelViewers,
    private readonly topicPolicy: AutomaticTopicPolicy,
    private readonly renderer: MessageRenderer,
    private readonly attachmentClaims: AttachmentClaims,
    private readonly uploadPreviews: UploadPreviewReader,
    private readonly emails: UserByEmailReader,
    private readonly hooks: MessageSendHooks,
    private readonly database: Database,
    private readonly sendStore: MessageSendStore,
    private readonly realms: RealmDirectory,
    private readonly firstMessage: FirstMessageRefresher,
  ) {}

  /**
   * Zulip's `check_message` alone: the message is checked and rendered as if sent now, and
   * nothing is stored (a scheduled message keeps what this answers).
   */
  check(sender: Actor, address: MessageAddress, content: string): Promise<CheckedMessage> {
    return this.tx.run(async () => {
      const { delivery, rendering, topic, content: normalized } = await this.prepare(
        new SendMessageCommand(sender, address, content, 'Internal', undefined, null),
      );
      const others = delivery.userIds.filter((id) => id !== sender.id);
      return {
        content: normalized,
        topic,
        renderedContent: rendering.html,
        recipientId: delivery.recipientId,
        streamId: delivery.stream?.id ?? null,
        directUserIds: delivery.stream ? [] : others.length > 0 ? others.sort((a, b) => a - b) : [sender.id],
      };
    });
  }

  private async prepare(command: SendMessageCommand) {
    const content = normalizeContent(command.content);
    const { address, sender } = command;
    let topic = '';
    if (address.kind === 'stream') {
      if (address.topic === undefined) throw ApiError.badRequest('Missing topic');
      topic = normalizeTopic(address.topic);
    } else if (address.to.length === 0) {
      throw ApiError.badRequest('Message must have recipients');
    }
    const delivery = address.kind === 'stream'
      ? await this.channelDelivery(sender, address.channel, command.internal !== null)
      : await this.directDelivery(sender, address.to);
    // Zulip's mandatory_topics: the empty topic (also sent as "(no topic)" or its display name) is refused.
    if (delivery.stream && topic === '' && command.internal === null && (await this.topicsRequired(sender.realmId))) {
      throw ApiError.badRequest('Topics are required in this organization');
    }
    const rendering = await this.renderer.renderForMessage(sender, content, {
      stream: delivery.stream ? { id: delivery.stream.id, recipientId: delivery.recipientId } : null,
      topic,
      recipientIds: delivery.userIds,
    }, delivery.realmData);
    return { content, topic, delivery, rendering };
  }

  async send(command: SendMessageCommand): Promise<{ id: number }> {
    const { sender } = command;
    const readBySender = command.readBySender ?? defaultReadBySender(command.clientName);

    return this.tx.run(async () => {
      const { content, topic, delivery, rendering } = await this.prepare(command);
      // Thumbnails made since rendering replace their spinners; the images stay locked until the commit.
      const rendered = (await this.uploadPreviews.refreshSpinners(sender.realmId, rendering.html)) ?? rendering.html;
      const baseFlags = delivery.stream ? 0 : FLAG_BITS.is_private;
      const flagsOf = (userId: number): number =>
        baseFlags |
        (rendering.flags.get(userId) ?? 0) |
        ((userId === sender.id && readBySender) || command.internal?.readBy.includes(userId) ? FLAG_BITS.read : 0);
      // The message, its rows and its snapshot in one statement; whoever muted the sender gets it already read.
      const params: unknown[] = [
        sender.realmId, sender.id, delivery.recipientId, topic, content, rendered, command.clientName, delivery.stream !== null,
        ...factColumns(contentFacts(content, rendered)),
        intArrayParam(delivery.userIds), intArrayParam(delivery.userIds.map(flagsOf)), FLAG_BITS.read,
      ];
      const standingWanted = delivery.stream !== null && !sender.isBot;
      const row = standingWanted && delivery.stream
        ? await this.sendStore.insertWithStanding(params, delivery.stream.id, delivery.stream.historyPublicToSubscribers)
        : await this.sendStore.insert(params);
      const recipients = (row.flags ?? []).map(([userId, flags]) => ({ userId, flags }));
      const snapshot = this.loader.snapshots([row]).get(row.id) as MessageSnapshot;
      const stored: StoredMessage = {
        id: row.id,
        sender,
        content,
        channel: delivery.stream ? { recipientId: delivery.recipientId, inviteOnly: delivery.stream.inviteOnly } : null,
        directRecipients: delivery.directRecipients,
        mentionedUserIds: rendering.mentionedUserIds,
      };
      // Other modules' work on the new message (outgoing-webhook triggers), in its transaction so that none is lost.
      await this.hooks.afterStore(stored);
      // Zulip tells everyone who may see the channel of its first message.
      if (delivery.stream) await this.firstMessage.sent(delivery.stream, row.id);
      snapshot.submessages = await this.hooks.submessagesOf(stored);
      await this.attachmentClaims.claimForMessage({
        id: row.id,
        realmId: sender.realmId,
        realmSubdomain: snapshot.realmStr,
        sender,
        content,
      });
      // Who the mentions make follow the topic is read before the event, which carries
      // their policies from before (the notification rules' view); the follows come after it.
      const mentioned = delivery.stream ? rendering.mentionedRecipientIds.filter((id) => id !== sender.id) : [];
      const mentionFollows = delivery.stream && mentioned.length > 0 ? await this.topicPolicy.toFollowOnMention(mentioned, delivery.stream.id, topic) : [];
      this.database.record(
        new MessageSentEvent(
          snapshot,
          recipients,
          delivery.stream !== null && !delivery.stream.inviteOnly,
          command.localEcho ? { userId: sender.id, ...command.localEcho } : null,
          mentionFollows,
        ),
      );
      if (delivery.stream) {
        const stream = { id: delivery.stream.id, recipientId: delivery.recipientId };
        if (mentionFollows.length > 0) await this.topicPolicy.followOnMention(sender.realmId, mentionFollows, stream, topic);
        await this.topicPolicy.afterSend({
          id: row.id,
          sender,
          stream: { id: delivery.stream.id, recipientId: delivery.recipientId, historyPublicToSubscribers: delivery.stream.historyPublicToSubscribers },
          topic,
        }, row.standing ?? null);
      }
      return { id: row.id };
    });
  }

  private async topicsRequired(realmId: number): Promise<boolean> {
    const realm = await this.realms.findById(realmId);
    return effectiveRealmProperties(realm?.properties ?? {}).mandatory_topics === true;
  }

  private async channelDelivery(sender: Actor, channel: string | number, internal: boolean): Promise<Delivery> {
    const target = typeof channel === 'number' ? channel : channel.trim();
    // The sender's actor row comes with the channel (one round trip); internal sends ignore it.
    const found = await this.channels.findWithSubscribersAndActor(sender.realmId, target, sender.id, (subscriberIds) =>
      realmRenderDataColumnSql('$1', subscriberIds),
    );
    if (!found) {
      throw typeof channel === 'number'
        ? new ApiError(`Channel with ID '${channel}' does not exist`, 'STREAM_DOES_NOT_EXIST', 400, { stream_id: channel })
        : new ApiError(`Channel '${escapeHtml(channel.trim(), '&#x27;')}' does not exist`, 'STREAM_DOES_NOT_EXIST', 400, {
            stream: escapeHtml(channel.trim(), '&#x27;'),
          });
    }
    const { stream, subscriberIds: subscribers } = found;
    const recipientId = stream.recipientId as number;
    const realmData = found.extra as RealmRenderData;
    if (internal) return { recipientId, userIds: subscribers, stream, directRecipients: [], realmData };
    // Zulip's access_stream_for_send_message: can_send_message_group first (a bot may
    // borrow its owner's membership), then access to the channel itself.
    const actor = await this.actors.fromColumn(found.actor);
    if (!ChannelPolicy.inSendGroup(actor, stream)) {
      throw ApiError.badRequest('You do not have permission to post in this channel.');
    }
    const subscribed = subscribers.includes(sender.id);
    const ownerSubscribed = actor.owner !== null && subscribers.includes(actor.owner.id);
    if (!ChannelPolicy.canPost(actor, stream, subscribed, ownerSubscribed)) {
      throw ApiError.badRequest(`Not authorized to send to channel '${stream.name}'`);
    }
    return { recipientId, userIds: subscribers, stream, directRecipients: [], realmData };
  }

  private async directDelivery(sender: Actor, to: readonly number[] | readonly string[]): Promise<Delivery> {
    const recipients: UserRow[] = [];
    for (const target of new Set<number | string>(to)) {
      // Zulip's get_user_profiles(_by_ids): by id, or by the API email (a hidden real
      // address is as unknown as a mistyped one).
      const user = typeof target === 'number'
        ? await this.users.findInRealm(sender.realmId, target)
        : await this.emails.findByApiEmail(sender.realmId, target);
      if (!user) {
        throw ApiError.badRequest(typeof target === 'number' ? `Invalid user ID ${target}` : `Invalid email '${target}'`);
      }
      // validate_recipient_user_profiles names the user by the address the sender may see.
      if (!user.isActive) throw ApiError.badRequest(`'${await this.emails.apiEmailOf(user)}' is no longer using Zulip.`);
      if (!recipients.some((known) => known.id === user.id)) recipients.push(user);
    }
    const others = recipients.filter((user) => user.id !== sender.id);
    const participantIds = [sender.id, ...others.map((user) => user.id)];
    if (others.length === 0) {
      const self = await this.users.findById(sender.id);
      return { recipientId: self?.recipientId as number, userIds: [sender.id], stream: null, directRecipients: [], realmData: null };
    }
    if (others.length === 1) {
      return { recipientId: others[0].recipientId as number, userIds: participantIds, stream: null, directRecipients: others, realmData: null };
    }
    return {
      recipientId: await this.conversations.recipientOf(participantIds),
      userIds: participantIds,
      stream: null,
      directRecipients: others,
      realmData: null,
    };
  }
}

/**
 * Stores a message and one `user_message` row per recipient in one transaction; the
 * `message` events leave after the commit.
 */
// After MessageSending: its constructor's parameter types are read when the class is defined.
@CommandHandler(SendMessageCommand)
export class SendMessageHandler implements ICommandHandler<SendMessageCommand, { id: number }> {
  constructor(private readonly sending: MessageSending) {}

  execute(command: SendMessageCommand): Promise<{ id: number }> {
    return this.sending.send(command);
  }
}
