import { Injectable } from '@nestjs/common';
import { ChannelPolicy, PolicyActor } from '../channels/public/channel-policy';
import { ChannelDirectory } from '../channels/queries/channel-directory';
import { PolicyActorLoader } from '../channels/access/policy-actor.loader';
import { SubscriberDirectory } from '../channels/queries/subscriber-directory';
import { unicodeEmoji } from '../emoji/public/unicode-emoji';
import { EmojiResolver } from '../emoji/queries/emoji-resolver';
import { GroupDirectory } from '../groups/queries/group-directory';
import { RealmGroupSettingsReader } from '../groups/queries/realm-group-settings.reader';
import { RealmAddressing } from '../realm/public/realm-addressing';
import { UserDirectory } from '../users/queries/user-directory';
import { FLAG_BITS } from '../shared/message-flags';
import { isMeMessage } from '../shared/message-content';
import { ApiError } from '../shared/api-error';
import { DescriptionRenderer } from '../realm/public/markdown.port';
import { usersAlerted } from './domain/alert-words';
import { markdownHints } from './domain/markdown-hints';
import { CustomEmojiImage, LinkableChannel, MentionableGroup, MentionableUser, RenderData, topicKey } from './domain/render-data';
import { renderZulipMarkdown } from './domain/zulip-markdown';
import { ExternalImageUrls } from '../external-content/public/external-image-urls';
import { RealmRenderData, RenderDataStore } from './persistence/render-data.store';
import { TopicHistory } from './public/messages.port';
import { UploadPreviewReader } from '../uploads/queries/upload-previews.reader';

export type { RealmRenderData } from './persistence/render-data.store';

/** Zulip's WILDCARD_MENTION_THRESHOLD: above this many recipients a wildcard needs permission. */
export const WILDCARD_MENTION_THRESHOLD = 15;

export interface RenderSender {
  id: number;
  realmId: number;
}

/** A message as rendered for storage, with what it mentions. */
export interface MessageRendering {
  html: string;
  isMeMessage: boolean;
  mentionedUserIds: number[];
  mentionedGroupIds: number[];
  wildcard: { stream: boolean; topic: boolean };
}

/** Where the message goes: what flags and permission checks depend on. */
export interface RenderConversation {
  /** The channel (null for a direct message). */
  stream: { id: number; recipientId: number } | null;
  topic: string;
  /** Everyone who gets a `user_message` row (the sender included when they do). */
  recipientIds: readonly number[];
}

/** A rendering plus every recipient's mention and alert-word flag bits. */
export interface RenderedMessage extends MessageRendering {
  flags: Map<number, number>;
  /** Recipients mentioned directly or through a group (for the automatic follow policy). */
  mentionedRecipientIds: number[];
}

/** Whose rendering it is: the sender of a message, or who changes a description (null: nobody, as for the realm's own texts). */
interface RenderContext {
  realmId: number;
  viewerId: number | null;
  /** Zulip's image previews: on for messages, off for descriptions (`no_previews`). */
  previews: boolean;
}

/**
 * Renders Zulip Markdown in the context of its realm: the one pipeline for messages (the
 * one entry point for sending, editing and `POST /messages/render`) and for the realm's
 * texts (channel descriptions, profile field values, the realm description: Zulip's
 * `render_stream_description`). The lookups are the owners' readers, called only for
 * what the content hints at: plain text costs the realm data read and nothing else.
 */
@Injectable()
export class MessageRenderer implements DescriptionRenderer {
  constructor(
    private readonly actors: PolicyActorLoader,
    private readonly channels: ChannelDirectory,
    private readonly subscriptions: SubscriberDirectory,
    private readonly users: UserDirectory,
    private readonly groups: GroupDirectory,
    private readonly emoji: EmojiResolver,
    private readonly realmSettings: RealmGroupSettingsReader,
    private readonly addressing: RealmAddressing,
    private readonly realmData: RenderDataStore,
    private readonly history: TopicHistory,
    private readonly externalImages: ExternalImageUrls,
    private readonly uploadPreviews: UploadPreviewReader,
  ) {}

  /** Content to HTML with its mentions; no permission checks (Zulip's preview does none). */
  async render(realmId: number, sender: RenderSender, content: string): Promise<MessageRendering> {
    const data = await this.loadData({ realmId, viewerId: sender.id, previews: true }, content, []);
    return renderingOf(content, renderZulipMarkdown(content, data.render));
  }

  /** Zulip's `render_stream_description`: no message, no previews, links as `actingUserId` may read them. */
  async renderDescription(realmId: number, text: string, actingUserId: number | null = null): Promise<string> {
    const data = await this.loadData({ realmId, viewerId: actingUserId, previews: false }, text, []);
    return renderZulipMarkdown(text, data.render).html;
  }

  /**
   * For send and edit: renders, enforces the wildcard and group mention permissions
   * (Zulip's errors), and computes each recipient's `mentioned`,
   * `stream_wildcard_mentioned`, `topic_wildcard_mentioned` and `has_alert_word` bits.
   */
  async renderForMessage(
    sender: RenderSender,
    content: string,
    conversation: RenderConversation,
    realmData: RealmRenderData | null = null,
  ): Promise<RenderedMessage> {
    // Alert words matter for the recipients other than the sender.
    const others = conversation.recipientIds.filter((id) => id !== sender.id);
    const data = await this.loadData({ realmId: sender.realmId, viewerId: sender.id, previews: true }, content, others, realmData);
    const outcome = renderZulipMarkdown(content, data.render);
    const recipients = new Set(conversation.recipientIds);
    let topicParticipants: Set<number> | null = null;
    if (outcome.topicWildcard) topicParticipants = await this.topicParticipants(sender, conversation);
    await this.checkPermissions(sender, data, outcome, conversation, topicParticipants);

    const mentioned = new Set([...outcome.mentionedUserIds].filter((id) => recipients.has(id)));
    if (outcome.mentionedGroupIds.size > 0) {
      for (const id of await this.groups.activeMemberIds([...outcome.mentionedGroupIds])) if (recipients.has(id)) mentioned.add(id);
    }
    const alerted = usersAlerted(content, data.alertWords);
    const flags = new Map<number, number>();
    for (const userId of conversation.recipientIds) {
      let bits = 0;
      if (mentioned.has(userId)) bits |= FLAG_BITS.mentioned;
      if (outcome.streamWildcard) bits |= FLAG_BITS.stream_wildcard_mentioned;
      if (topicParticipants?.has(userId)) bits |= FLAG_BITS.topic_wildcard_mentioned;
      if (alerted.has(userId)) bits |= FLAG_BITS.has_alert_word;
      if (bits !== 0) flags.set(userId, bits);
    }
    return { ...renderingOf(content, outcome), flags, mentionedRecipientIds: [...mentioned].sort((a, b) => a - b) };
  }

  private async checkPermissions(
    sender: RenderSender,
    data: LoadedData,
    outcome: { streamWildcard: boolean; mentionedGroupIds: Set<number> },
    conversation: RenderConversation,
    topicParticipants: Set<number> | null,
  ): Promise<void> {
    const many = async () => {
      const actor = await data.actor();
      return actor.groupIds.has(await this.realmSettings.groupId(sender.realmId, 'can_mention_many_users_group'));
    };
    if (conversation.stream && outcome.streamWildcard && conversation.recipientIds.length > WILDCARD_MENTION_THRESHOLD && !(await many())) {
      throw new ApiError('You do not have permission to use channel wildcard mentions in this channel.', 'STREAM_WILDCARD_MENTION_NOT_ALLOWED', 400);
    }
    if (conversation.stream && topicParticipants && topicParticipants.size > WILDCARD_MENTION_THRESHOLD && !(await many())) {
      throw new ApiError('You do not have permission to use topic wildcard mentions in this topic.', 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED', 400);
    }
    if (outcome.mentionedGroupIds.size > 0) {
      const actor = await data.actor();
      for (const group of data.render.groupsByName.values()) {
        if (outcome.mentionedGroupIds.has(group.id) && !actor.groupIds.has(group.canMentionGroupId)) {
          throw ApiError.badRequest(`You are not allowed to mention user group '${group.name}'.`);
        }
      }
    }
  }

  /**
   * Zulip's topic participants: who sent or reacted in the topic, and the sender (whose
   * message is not stored yet); in a direct message, everyone in it.
   */
  private async topicParticipants(sender: RenderSender, conversation: RenderConversation): Promise<Set<number>> {
    if (!conversation.stream) return new Set(conversation.recipientIds);
    const ids = await this.history.participantIds(conversation.stream.recipientId, conversation.topic);
    const recipients = new Set(conversation.recipientIds);
    return new Set([...ids, sender.id].filter((id) => recipients.has(id)));
  }

  private async loadData(
    context: RenderContext,
    content: string,
    alertRecipientIds: readonly number[],
    realmData: RealmRenderData | null = null,
  ): Promise<LoadedData> {
    const { realmId, viewerId } = context;
    const hints = markdownHints(content);
    let actor: Promise<PolicyActor> | null = null;
    const loadActor = () => {
      if (viewerId === null) throw new Error('no viewer to check permissions for');
      return (actor ??= this.actors.load(viewerId));
    };

    const usersByName = new Map<string, MentionableUser>();
    const usersById = new Map<number, MentionableUser>();
    if (hints.userNames.length > 0 || hints.userIds.length > 0) {
      for (const user of await this.users.mentionable(realmId, hints.userNames, hints.userIds)) {
        usersById.set(user.id, user);
        if (!usersByName.has(user.fullName.toLowerCase())) usersByName.set(user.fullName.toLowerCase(), user);
      }
    }
    const groupsByName = new Map<string, MentionableGroup>();
    if (hints.groupNames.length > 0) {
      for (const group of await this.groups.mentionableByNames(realmId, hints.groupNames)) groupsByName.set(group.name.toLowerCase(), group);
    }
    const { channelsByName, topicMessageIds } = await this.linkableChannels(context, hints, loadActor);
    const customEmoji = new Map<string, CustomEmojiImage>();
    if (hints.emojiNames.length > 0) {
      for (const [name, url] of await this.emoji.customImageUrls(realmId, hints.emojiNames)) customEmoji.set(name, { name, url });
    }
    // Linkifiers and the recipients' alert words apply to any text: one round trip for both,
    // or none when the caller read them with its own first statement.
    const always = realmData ?? (await this.realmData.load(realmId, alertRecipientIds));
    const alerted = new Set(alertRecipientIds);
    const alertWords = new Map<number, string[]>();
    for (const { user_id: userId, word } of always.words) {
      if (alerted.has(userId)) alertWords.set(userId, [...(alertWords.get(userId) ?? []), word]);
    }
    // Zulip's get_user_upload_previews: the uploads the content names, which decide which links preview.
    const uploadPreviews = context.previews ? await this.uploadPreviews.previews(realmId, uploadPathIdsIn(content)) : undefined;
    const render: RenderData = {
      usersByName,
      usersById,
      groupsByName,
      channelsByName,
      customEmoji,
      topicMessageIds,
      realmUrl: this.addressing.url(always.subdomain).replace(/\/+$/, ''),
      proxiedImageUrl: (url) => this.externalImages.proxied(url),
      imagePreviews: context.previews,
      uploadPreviews,
      catalog: unicodeEmoji(),
      linkifiers: always.linkifiers.map((row) => ({ pattern: row.pattern, urlTemplate: row.url_template })),
    };
    return { render, alertWords, actor: loadActor };
  }

  /**
   * The channels the content names that may be linked, and for `#**channel>topic**` the
   * topic's oldest message. With a viewer, only channels they may read (Zulip's
   * `filter_stream_authorization`); without one (the realm's own texts), any channel of the
   * realm, a topic's oldest message only where history is public to subscribers.
   */
  private async linkableChannels(
    context: RenderContext,
    hints: ReturnType<typeof markdownHints>,
    loadActor: () => Promise<PolicyActor>,
  ): Promise<{ channelsByName: Map<string, LinkableChannel>; topicMessageIds: Map<string, number> }> {
    const channelsByName = new Map<string, LinkableChannel>();
    const topicMessageIds = new Map<string, number>();
    if (hints.channelNames.length === 0) return { channelsByName, topicMessageIds };
    const streams = await this.channels.findByNames(context.realmId, hints.channelNames);
    if (streams.length === 0) return { channelsByName, topicMessageIds };
    const viewerId = context.viewerId;
    const policyActor = viewerId === null ? null : await loadActor();
    const subscribed = viewerId === null
      ? new Set<number>()
      : await this.subscriptions.subscribedRecipientIds(viewerId, streams.map((s) => s.recipientId as number));
    for (const stream of streams) {
      const isSubscribed = subscribed.has(stream.recipientId as number);
      if (policyActor && !ChannelPolicy.hasContentAccess(policyActor, stream, isSubscribed)) continue;
      channelsByName.set(stream.name.toLowerCase(), { id: stream.id, name: stream.name });
      const readsHistory = policyActor ? ChannelPolicy.canReadHistory(policyActor, stream, isSubscribed) : stream.historyPublicToSubscribers;
      for (const { channel, topic } of hints.channelTopics) {
        if (channel !== stream.name.toLowerCase()) continue;
        const oldest = await this.history.oldestMessageId(stream.recipientId as number, topic, viewerId, readsHistory);
        if (oldest !== null) topicMessageIds.set(topicKey(stream.id, topic), oldest);
      }
    }
    return { channelsByName, topicMessageIds };
  }
}

interface LoadedData {
  render: RenderData;
  alertWords: Map<number, string[]>;
  actor: () => Promise<PolicyActor>;
}

const byId = (a: number, b: number) => a - b;

/** Zulip's scan for upload paths: `/user_uploads/<realm id>/` and what follows of word characters, `/`, `.` and `-`. */
function uploadPathIdsIn(content: string): string[] {
  if (!content.includes('/user_uploads/')) return [];
  return [...new Set([...content.matchAll(/\/user_uploads\/(\d+\/[/\p{L}\p{N}\p{M}_.-]+)/gu)].map((match) => match[1]))];
}

/** What every rendering reports, from the renderer's outcome. */
function renderingOf(content: string, outcome: ReturnType<typeof renderZulipMarkdown>): MessageRendering {
  return {
    html: outcome.html,
    isMeMessage: isMeMessage(content),
    mentionedUserIds: [...outcome.mentionedUserIds].sort(byId),
    mentionedGroupIds: [...outcome.mentionedGroupIds].sort(byId),
    wildcard: { stream: outcome.streamWildcard, topic: outcome.topicWildcard },
  };
}
