import { Injectable } from '@nestjs/common';
import { ChannelPolicy, PolicyActor } from '../channels/public/channel-policy';
import { ChannelDirectory } from '../channels/queries/channel-directory';
import { PolicyActorLoader } from '../channels/access/policy-actor.loader';
import { SubscriberDirectory } from '../channels/queries/subscriber-directory';
import { unicodeEmoji } from '../emoji/public/unicode-emoji';
import { emojiImageKey } from '../emoji/public/emoji-image-keys';
import { RealmGroupSettingsReader } from '../groups/queries/realm-group-settings.reader';
import { RealmAddressing } from '../realm/public/realm-addressing';
import { FLAG_BITS } from '../shared/message-flags';
import { isMeMessage } from '../shared/message-content';
import { uploadUrl } from '../platform/storage/upload-store';
import { ApiError } from '../shared/api-error';
import { usersAlerted } from './domain/alert-words';
import { markdownHints } from './domain/markdown-hints';
import { MentionableGroup, MentionableUser, RenderData, topicKey } from './domain/render-data';
import { renderZulipMarkdown } from './domain/zulip-markdown';
import { Database } from '../platform/database/database';
import { ExternalImageUrls } from '../external-content/public/external-image-urls';

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

/** What every rendering in a realm reads: its subdomain, its linkifiers and the recipients' alert words. */
export interface RealmRenderData {
  subdomain: string;
  linkifiers: { pattern: string; url_template: string }[];
  words: { user_id: number; word: string }[];
}

/**
 * Renders message content in the context of its realm and sender, the one entry point for
 * sending, editing and `POST /messages/render`. Loads only what the content hints at: plain
 * text costs the linkifier read and nothing else.
 */
@Injectable()
export class MessageRenderer {
  constructor(
    private readonly actors: PolicyActorLoader,
    private readonly channels: ChannelDirectory,
    private readonly subscriptions: SubscriberDirectory,
    private readonly realmSettings: RealmGroupSettingsReader,
    private readonly addressing: RealmAddressing,
    private readonly database: Database,
    private readonly externalImages: ExternalImageUrls,
  ) {}

  /**
   * RealmRenderData as one SQL column, for a caller to read with a statement of its own
   * (`realmIdSql` and `recipientIdsSql`, an `int[]`, are SQL expressions of that statement).
   */
  static realmDataColumnSql(realmIdSql: string, recipientIdsSql: string): string {
    return `json_build_object(
      'subdomain', (SELECT string_id FROM realm WHERE id = ${realmIdSql}),
      'linkifiers', (SELECT coalesce(json_agg(json_build_object('pattern', pattern, 'url_template', url_template) ORDER BY "order", id), '[]'::json)
                       FROM realm_filter WHERE realm_id = ${realmIdSql}),
      'words', (SELECT coalesce(json_agg(json_build_object('user_id', user_profile_id, 'word', word)), '[]'::json)
                  FROM alert_word WHERE user_profile_id = ANY(${recipientIdsSql})))`;
  }

  /** Content to HTML with its mentions; no permission checks (Zulip's preview does none). */
  async render(realmId: number, sender: RenderSender, content: string): Promise<MessageRendering> {
    const data = await this.loadData(realmId, sender, content, []);
    return renderingOf(content, renderZulipMarkdown(content, data.render));
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
    const data = await this.loadData(sender.realmId, sender, content, others, realmData);
    const outcome = renderZulipMarkdown(content, data.render);
    const recipients = new Set(conversation.recipientIds);
    let topicParticipants: Set<number> | null = null;
    if (outcome.topicWildcard) topicParticipants = await this.topicParticipants(sender, conversation);
    await this.checkPermissions(sender, data, outcome, conversation, topicParticipants);

    const mentioned = new Set([...outcome.mentionedUserIds].filter((id) => recipients.has(id)));
    if (outcome.mentionedGroupIds.size > 0) {
      for (const id of await this.groupMembers([...outcome.mentionedGroupIds])) if (recipients.has(id)) mentioned.add(id);
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
    const rows = await this.database.query<{ id: number }>(
      `SELECT m.sender_id AS id FROM message m WHERE m.recipient_id = $1 AND lower(m.subject) = lower($2)
       UNION
       SELECT r.user_profile_id FROM reaction r JOIN message m ON m.id = r.message_id
        WHERE m.recipient_id = $1 AND lower(m.subject) = lower($2)`,
      [conversation.stream.recipientId, conversation.topic],
    );
    const recipients = new Set(conversation.recipientIds);
    return new Set([...rows.map((row) => row.id), sender.id].filter((id) => recipients.has(id)));
  }

  private async groupMembers(groupIds: number[]): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(
      `WITH RECURSIVE g(id) AS (
         SELECT unnest($1::int[])
         UNION SELECT s.subgroup_id FROM group_group_membership s JOIN g ON s.supergroup_id = g.id)
       SELECT DISTINCT m.user_profile_id AS id FROM user_group_membership m JOIN g ON m.user_group_id = g.id
         JOIN user_profile u ON u.id = m.user_profile_id WHERE u.is_active`,
      [groupIds],
    );
    return rows.map((row) => row.id);
  }

  /** The topic's oldest message the sender may read: any with history access, else their own copies. */
  private async oldestInTopic(userId: number, recipientId: number, topic: string, readsHistory: boolean): Promise<number | null> {
    const [row] = readsHistory
      ? await this.database.query<{ id: number | null }>(
          `SELECT min(id) AS id FROM message WHERE recipient_id = $1 AND lower(subject) = lower($2)`,
          [recipientId, topic],
        )
      : await this.database.query<{ id: number | null }>(
          `SELECT min(m.id) AS id FROM user_message um JOIN message m ON m.id = um.message_id
            WHERE um.user_profile_id = $3 AND m.recipient_id = $1 AND lower(m.subject) = lower($2)`,
          [recipientId, topic, userId],
        );
    return row?.id ?? null;
  }

  private async loadData(
    realmId: number,
    sender: RenderSender,
    content: string,
    alertRecipientIds: readonly number[],
    realmData: RealmRenderData | null = null,
  ): Promise<LoadedData> {
    const hints = markdownHints(content);
    let actor: Promise<PolicyActor> | null = null;
    const loadActor = () => (actor ??= this.actors.load(sender.id));

    const usersByName = new Map<string, MentionableUser>();
    const usersById = new Map<number, MentionableUser>();
    if (hints.userNames.length > 0 || hints.userIds.length > 0) {
      const rows = await this.database.query<{ id: number; full_name: string; is_active: boolean }>(
        `SELECT id, full_name, is_active FROM user_profile
          WHERE realm_id = $1 AND (lower(full_name) = ANY($2::text[]) OR id = ANY($3::int[])) ORDER BY is_active DESC, id`,
        [realmId, hints.userNames, hints.userIds],
      );
      for (const row of rows) {
        const user = { id: row.id, fullName: row.full_name, isActive: row.is_active };
        usersById.set(user.id, user);
        if (!usersByName.has(user.fullName.toLowerCase())) usersByName.set(user.fullName.toLowerCase(), user);
      }
    }
    const groupsByName = new Map<string, MentionableGroup>();
    if (hints.groupNames.length > 0) {
      const rows = await this.database.query<{ id: number; name: string; can_mention_group_id: number }>(
        `SELECT id, name, can_mention_group_id FROM user_group
          WHERE realm_id = $1 AND NOT deactivated AND name IS NOT NULL AND lower(name) = ANY($2::text[])`,
        [realmId, hints.groupNames],
      );
      for (const row of rows) groupsByName.set(row.name.toLowerCase(), { id: row.id, name: row.name, canMentionGroupId: row.can_mention_group_id });
    }
    const channelsByName = new Map<string, { id: number; name: string }>();
    const topicMessageIds = new Map<string, number>();
    if (hints.channelNames.length > 0) {
      const streams = await this.channels.findByNames(realmId, hints.channelNames);
      if (streams.length > 0) {
        const policyActor = await loadActor();
        const subscribed = await this.subscriptions.subscribedRecipientIds(sender.id, streams.map((s) => s.recipientId as number));
        // Only channels the sender may read are linked (Zulip's filter_stream_authorization).
        for (const stream of streams) {
          const isSubscribed = subscribed.has(stream.recipientId as number);
          if (!ChannelPolicy.hasContentAccess(policyActor, stream, isSubscribed)) continue;
          channelsByName.set(stream.name.toLowerCase(), { id: stream.id, name: stream.name });
          const readsHistory = ChannelPolicy.canReadHistory(policyActor, stream, isSubscribed);
          for (const { channel, topic } of hints.channelTopics) {
            if (channel !== stream.name.toLowerCase()) continue;
            const oldest = await this.oldestInTopic(sender.id, stream.recipientId as number, topic, readsHistory);
            if (oldest !== null) topicMessageIds.set(topicKey(stream.id, topic), oldest);
          }
        }
      }
    }
    const customEmoji = new Map<string, { name: string; url: string }>();
    if (hints.emojiNames.length > 0) {
      const rows = await this.database.query<{ name: string; file_name: string | null }>(
        `SELECT name, file_name FROM realm_emoji WHERE realm_id = $1 AND NOT deactivated AND name = ANY($2::text[])`,
        [realmId, hints.emojiNames],
      );
      for (const row of rows) customEmoji.set(row.name, { name: row.name, url: uploadUrl(emojiImageKey(realmId, row.file_name ?? row.name)) });
    }
    // Linkifiers and the recipients' alert words apply to any text: one round trip for both,
    // or none when the caller read them with its own first statement.
    const always =
      realmData ??
      (await this.database.query<{ data: RealmRenderData }>(`SELECT ${MessageRenderer.realmDataColumnSql('$1', '$2::int[]')} AS data`, [realmId, alertRecipientIds]))[0]
        .data;
    const linkifiers = always.linkifiers;
    const alerted = new Set(alertRecipientIds);
    const alertWords = new Map<number, string[]>();
    for (const { user_id: userId, word } of always.words) {
      if (alerted.has(userId)) alertWords.set(userId, [...(alertWords.get(userId) ?? []), word]);
    }
    const render: RenderData = {
      usersByName,
      usersById,
      groupsByName,
      channelsByName,
      customEmoji,
      topicMessageIds,
      realmUrl: this.addressing.url(always.subdomain).replace(/\/+$/, ''),
      proxiedImageUrl: (url) => this.externalImages.proxied(url),
      catalog: unicodeEmoji(),
      linkifiers: linkifiers.map((row) => ({ pattern: row.pattern, urlTemplate: row.url_template })),
    };
    return { render, alertWords, actor: loadActor };
  }
}

interface LoadedData {
  render: RenderData;
  alertWords: Map<number, string[]>;
  actor: () => Promise<PolicyActor>;
}

const byId = (a: number, b: number) => a - b;

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
