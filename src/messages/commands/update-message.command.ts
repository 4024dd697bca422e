import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UploadPreviewReader } from '../../uploads/queries/upload-previews.reader';
import { AttachmentClaims } from '../../uploads/commands/attachment-claims';
import { AttachmentView } from '../../uploads/public/attachment-dict';
import { ChannelPolicy, PolicyActor } from '../../channels/public/channel-policy';
import { silentUserMention } from '../../channels/public/channel-notices';
import { ChannelDirectory } from '../../channels/queries/channel-directory';
import { PolicyActorLoader } from '../../channels/access/policy-actor.loader';
import { StreamRow } from '../../channels/public/stream-row';
import { SubscriberDirectory } from '../../channels/queries/subscriber-directory';
import { RealmGroupSettingsReader } from '../../groups/queries/realm-group-settings.reader';
import { topicLinks } from '../../linkifiers/public/apply-linkifiers';
import { LinkifierRulesReader } from '../../linkifiers/queries/linkifier-rules.reader';
import { MessageRenderer } from '../../markdown/message-renderer';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { effectiveRealmProperties } from '../../realm/public/realm-properties';
import { ApiError } from '../../shared/api-error';
import { Role } from '../../shared/roles';
import { Actor } from '../../shared/actor';
import { isMeMessage, normalizeContent, normalizeTopic } from '../../shared/message-content';
import {
  changeAllDeadlineSeconds,
  checkAllMovable,
  checkCanEditContent,
  checkMoveTimeLimit,
  EDIT_LIMIT_BUFFER_SECONDS,
  EditHistoryEntry,
  editedContentSource,
  PropagateMode,
  requestedTopic,
  topicResolution,
  validateEditPayload,
} from '../domain/message-edit-rules';
import { FLAG_BITS, flagNames, MENTION_BITS } from '../../shared/message-flags';
import { MessageUpdatedEvent } from '../events/message-updated.event';
import { MessageAccess } from '../access/message-access';
import { EditedMessageRow, MessageEditStore } from '../persistence/message-edit.store';
import { EditPlan } from '../domain/edit-plan';
import { MessageMoveEffects } from './message-move.effects';
import { Database } from '../../platform/database/database';
import { MessageCommandStore } from '../persistence/message-command.store';

export interface UpdateMessageRequest {
  content?: string;
  topic?: string;
  streamId?: number;
  propagateMode: PropagateMode;
  sendNotificationToOldThread: boolean;
  sendNotificationToNewThread: boolean;
}

/** `PATCH /messages/{message_id}`: Zulip's check_update_message. */
export class UpdateMessageCommand {
  constructor(
    readonly user: Actor,
    readonly messageId: number,
    readonly request: UpdateMessageRequest,
  ) {}
}

const isModerator = (role: number) => role <= Role.Moderator;

/** The flag bits a rendering decides: mentions of every kind and alert words. */
const RENDERED_FLAG_BITS = MENTION_BITS | FLAG_BITS.has_alert_word;

@CommandHandler(UpdateMessageCommand)
export class UpdateMessageHandler implements ICommandHandler<UpdateMessageCommand, AttachmentView[]> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly access: MessageAccess,
    private readonly store: MessageEditStore,
    private readonly actors: PolicyActorLoader,
    private readonly realmGroups: RealmGroupSettingsReader,
    private readonly channels: ChannelDirectory,
    private readonly subscriptions: SubscriberDirectory,
    private readonly addressing: RealmAddressing,
    private readonly effects: MessageMoveEffects,
    private readonly attachmentClaims: AttachmentClaims,
    private readonly renderer: MessageRenderer,
    private readonly linkifiers: LinkifierRulesReader,
    private readonly database: Database,
    private readonly reads: MessageCommandStore,
    private readonly uploadPreviews: UploadPreviewReader,
  ) {}

  /** Answers the sender's uploads the edit detached (Zulip's `detached_uploads`). */
  async execute({ user, messageId, request }: UpdateMessageCommand): Promise<AttachmentView[]> {
    return this.tx.run(async () => {
      const accessed = await this.access.require(user, messageId);
      // Zulip's access_message(is_modifying_message=True): archived channels' messages stay as they are.
      if (accessed.stream?.deactivated) throw ApiError.invalidMessage();
      const message = await this.store.lock(messageId);
      if (!message) throw ApiError.invalidMessage();
      const plan = await this.plan(user, message, accessed.stream, request);
      await this.apply(plan, request);
      return plan.content === null ? [] : this.reclaimUploads(message.id, message.sender_id, plan.content.source);
    });
  }

  /**
   * Zulip's check_attachment_reference_change: the edited content's upload links, claimed
   * on the sender's behalf; answers the sender's uploads no message links any more.
   */
  private async reclaimUploads(messageId: number, senderId: number, content: string): Promise<AttachmentView[]> {
    const [sender] = await this.reads.senderForEdit(senderId);
    return this.attachmentClaims.updateForEdit({
      id: messageId,
      realmId: sender.realm_id,
      realmSubdomain: sender.string_id,
      sender: { id: senderId, role: sender.role },
      content,
    });
  }

  /** Validation and permissions, in Zulip's order. */
  private async plan(
    user: Actor,
    message: EditedMessageRow,
    origStream: StreamRow | null,
    request: UpdateMessageRequest,
  ): Promise<EditPlan> {
    const realm = effectiveRealmProperties(message.properties);
    const age = Number(message.age);
    if (request.content !== undefined) {
      checkCanEditContent({
        allowMessageEditing: realm.allow_message_editing as boolean,
        isSender: message.sender_id === user.id,
        ageSeconds: age,
        limitSeconds: realm.message_content_edit_limit_seconds as number | null,
        bufferSeconds: EDIT_LIMIT_BUFFER_SECONDS,
      });
    }
    const rawTopic = requestedTopic(request.topic, message.subject);
    validateEditPayload({
      isChannelMessage: message.is_channel_message,
      streamId: request.streamId,
      topic: rawTopic,
      propagateMode: request.propagateMode,
      content: request.content,
    });
    const targetTopic = rawTopic === null ? null : normalizeTopic(rawTopic);
    const { resolved, unresolved } = targetTopic === null ? { resolved: false, unresolved: false } : topicResolution(message.subject, rawTopic as string, targetTopic);
    const actor = await this.actors.load(user.id);
    let targetStream = origStream;
    if (request.streamId !== undefined && origStream) {
      targetStream = await this.accessTargetChannel(user.realmId, actor, request.streamId);
    }
    const groups = await this.realmGroups.all(user.realmId);
    const inGroup = (setting: string) => actor.groupIds.has(groups.get(setting) as number);
    if (targetTopic !== null) {
      if (resolved || unresolved) {
        if (!inGroup('can_resolve_topics_group')) throw ApiError.badRequest("You don't have permission to resolve topics.");
      } else {
        if (!inGroup('can_move_messages_between_topics_group')) throw ApiError.badRequest("You don't have permission to edit this message");
        checkMoveTimeLimit(
          age,
          realm.move_messages_within_stream_limit_seconds as number | null,
          isModerator(actor.role),
          "The time limit for editing this message's topic has passed.",
        );
      }
    }
    const content = request.content === undefined
      ? null
      : await this.renderContent(user, message, origStream, targetTopic ?? message.subject, request.content);
    const streamEdited = origStream !== null && request.streamId !== undefined;
    if (origStream && targetStream && request.streamId !== undefined) {
      if (!inGroup('can_move_messages_between_channels_group')) throw ApiError.badRequest("You don't have permission to move this message");
      if (!ChannelPolicy.inSendGroup(actor, targetStream)) throw ApiError.badRequest('You do not have permission to post in this channel.');
      checkMoveTimeLimit(
        age,
        realm.move_messages_between_streams_limit_seconds as number | null,
        isModerator(actor.role),
        "The time limit for editing this message's channel has passed",
      );
    }
    const moved = targetTopic !== null || request.streamId !== undefined;
    if (origStream && request.propagateMode === 'change_all' && !isModerator(actor.role) && moved && !resolved && !unresolved) {
      await this.checkChangeAllLimit(actor, message, origStream, {
        topic: targetTopic !== null ? (realm.move_messages_within_stream_limit_seconds as number | null) : null,
        channel: request.streamId !== undefined ? (realm.move_messages_between_streams_limit_seconds as number | null) : null,
      });
    }
    return {
      user,
      actor,
      message,
      propagateMode: request.propagateMode,
      content,
      origStream,
      targetStream,
      streamEdited,
      origTopic: message.subject,
      targetTopic,
      topicResolved: resolved,
      topicUnresolved: unresolved,
    };
  }

  /**
   * The edited content rendered as a send renders it, for the conversation the message is
   * in and the users who have it: mentions, wildcard permissions and alert words included.
   */
  private async renderContent(
    user: Actor,
    message: EditedMessageRow,
    stream: StreamRow | null,
    topic: string,
    raw: string,
  ): Promise<{ source: string; rendered: string; flags: Map<number, number>; priorMentionUserIds: number[] }> {
    const source = normalizeContent(editedContentSource(raw));
    const holders = await this.store.holders(message.id);
    // Read before the flags follow the new rendering; historical rows were never notified (Zulip's get_mentions_for_message_updates).
    const priorMentionUserIds = holders
      .filter((holder) => (holder.flags & MENTION_BITS) !== 0 && (holder.flags & FLAG_BITS.historical) === 0)
      .map((holder) => holder.userId);
    const rendering = await this.renderer.renderForMessage(user, source, {
      stream: stream ? { id: stream.id, recipientId: message.recipient_id } : null,
      topic,
      recipientIds: holders.map((holder) => holder.userId),
    });
    // Thumbnails made since rendering replace their spinners; the images stay locked until the commit.
    const rendered = (await this.uploadPreviews.refreshSpinners(user.realmId, rendering.html)) ?? rendering.html;
    return { source, rendered, flags: rendering.flags, priorMentionUserIds };
  }

  /** Zulip's `access_stream_by_id_for_message`: a channel the user may read. */
  private async accessTargetChannel(realmId: number, actor: PolicyActor, streamId: number): Promise<StreamRow> {
    const stream = await this.channels.findById(realmId, streamId);
    if (!stream || stream.recipientId === null) throw ApiError.invalidChannel();
    const subscribed = await this.subscriptions.isSubscribed(actor.id, stream.recipientId);
    if (!ChannelPolicy.hasContentAccess(actor, stream, subscribed)) throw ApiError.invalidChannel();
    return stream;
  }

  /** Zulip's `check_time_limit_for_change_all_propagate_mode`. */
  private async checkChangeAllLimit(
    actor: PolicyActor,
    message: EditedMessageRow,
    stream: StreamRow,
    limits: { topic: number | null; channel: number | null },
  ): Promise<void> {
    const deadline = changeAllDeadlineSeconds(limits);
    if (deadline === null) return;
    const subscribed = await this.subscriptions.isSubscribed(actor.id, message.recipient_id);
    const fullHistory = ChannelPolicy.canReadHistory(actor, stream, subscribed);
    const inTopic = await this.store.topicMessages(message.recipient_id, message.subject, fullHistory ? {} : { onlyRowsOf: actor.id });
    checkAllMovable(inTopic.filter((row) => row.age < deadline).map((row) => row.id), inTopic.length);
  }

  /** Zulip's do_update_message. */
  private async apply(plan: EditPlan, request: UpdateMessageRequest): Promise<void> {
    const { message, user } = plan;
    const now = new Date();
    const timestamp = Math.floor(now.getTime() / 1000);
    const body: Record<string, unknown> = {
      user_id: user.id,
      edit_timestamp: timestamp,
      message_id: message.id,
      rendering_only: false,
    };
    const entry: EditHistoryEntry = { user_id: user.id, timestamp };
    if (plan.content) {
      entry.prev_content = message.content;
      entry.prev_rendered_content = message.rendered_content;
      entry.prev_rendered_content_version = message.rendered_content_version;
      Object.assign(body, {
        orig_content: message.content,
        orig_rendered_content: message.rendered_content,
        content: plan.content.source,
        rendered_content: plan.content.rendered,
        is_me_message: isMeMessage(plan.content.source),
      });
      await this.store.updateContent(message.id, plan.content.source, plan.content.rendered);
      await this.recomputeFlags(message.id, plan.content.flags);
    }
    if (!plan.origStream || !plan.targetStream) {
      // A direct message: only its content changes, told to everyone who has it.
      await this.store.apply({ ids: [message.id], entry, contentEdited: true, moved: false, at: now });
      const holders = await this.store.holders(message.id);
      body.message_ids = [message.id];
      this.database.record(
        new MessageUpdatedEvent(
          user.realmId,
          body,
          holders.map((holder) => ({ userId: holder.userId, flags: flagNames(holder.flags) })),
          plan.content?.priorMentionUserIds ?? null,
        ),
      );
      return;
    }
    const origStream = plan.origStream;
    const targetStream = plan.targetStream;
    const streamEdited = plan.streamEdited;
    const topicEdited = plan.targetTopic !== null;
    const isMoved = streamEdited || topicEdited;
    body.stream_name = origStream.name;
    body.stream_id = origStream.id;
    if (isMoved) body.propagate_mode = plan.propagateMode;
    if (streamEdited) {
      entry.prev_stream = origStream.id;
      entry.stream = targetStream.id;
      body.orig_subject = plan.origTopic;
      body.new_stream_id = targetStream.id;
    }
    if (topicEdited) {
      const topic = plan.targetTopic as string;
      const rules = await this.linkifiers.ofRealm(user.realmId);
      body.orig_subject = plan.origTopic;
      body.subject = topic;
      body.topic_links = topicLinks(topic, rules);
      entry.prev_topic = plan.origTopic;
      entry.topic = topic;
    }
    await this.effects.moveAndNotify({
      plan,
      body,
      entry,
      now,
      streamEdited,
      topicEdited,
      realmUrl: this.addressing.url(message.realm_str),
      notifyOldThread: request.sendNotificationToOldThread,
      notifyNewThread: request.sendNotificationToNewThread,
      actorMention: silentUserMention({ id: user.id, fullName: user.fullName }),
    });
  }

  /**
   * The one place a content edit's flags are recomputed (Zulip's update_user_message_flags):
   * every holder's mention, wildcard and alert-word bits follow the new rendering; read,
   * starred and the rest stay.
   */
  private async recomputeFlags(messageId: number, flags: Map<number, number>): Promise<void> {
    await this.reads.setRenderedFlags(messageId, RENDERED_FLAG_BITS, [...flags.keys()], [...flags.values()]);
  }
}
