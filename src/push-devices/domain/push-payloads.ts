import sanitizeHtml from 'sanitize-html';
import type { PushTrigger } from '../../missed-message-emails/public/notification-triggers';

/**
 * The payloads Zulip's mobile apps parse (zerver/lib/push_notifications.py: get_base_payload,
 * get_message_payload, its `_gcm` and `_apns` forms, and the `remove` ones), built from plain
 * facts so that they can be checked without a server.
 */

/** Who a notification is for, and where (get_base_payload). */
export interface PushAccount {
  /** `EXTERNAL_HOST`. */
  server: string;
  realmId: number;
  realmUrl: string;
  realmName: string;
  userId: number;
}

/** The message as the payloads need it. */
export interface PushMessage {
  id: number;
  senderId: number;
  /** The sender's address as the recipient may see it. */
  senderEmail: string;
  senderFullName: string;
  senderAvatarUrl: string;
  /** Seconds since the epoch. */
  timestamp: number;
  renderedContent: string;
  /** A channel message: its channel and topic. */
  channel: { name: string; id: number; topic: string } | null;
  /** A direct message: every participant (the recipient and sender among them), by id. */
  participants: { id: number; fullName: string }[];
}

/**
 * The user group a notification names (Zulip's mentioned_user_group_id and
 * mentioned_user_group_name): the recipient was mentioned through it, not by name.
 */
export interface MentionedGroup {
  id: number;
  name: string;
}

/** Zulip's limit on a notification's text, in characters, before the ellipsis. */
const MAX_CONTENT_LENGTH = 200;
/** APNs limits a payload to 4 KB: a remove names at most this many messages, the newest (MAX_APNS_MESSAGE_IDS). */
export const MAX_REMOVE_MESSAGE_IDS = 200;

/** Zulip's get_base_payload. */
export function basePayload(account: PushAccount): Record<string, unknown> {
  return {
    server: account.server,
    realm_id: account.realmId,
    realm_uri: account.realmUrl,
    realm_url: account.realmUrl,
    realm_name: account.realmName,
    user_id: account.userId,
  };
}

/** Zulip's get_message_payload: what both platforms' message payloads share. */
function messagePayload(account: PushAccount, message: PushMessage, group: MentionedGroup | null): Record<string, unknown> {
  const data: Record<string, unknown> = { ...basePayload(account), sender_id: message.senderId, sender_email: message.senderEmail, time: message.timestamp };
  if (group) Object.assign(data, { mentioned_user_group_id: group.id, mentioned_user_group_name: group.name });
  if (message.channel) {
    Object.assign(data, { recipient_type: 'stream', stream: message.channel.name, stream_id: message.channel.id, topic: message.channel.topic });
  } else {
    data.recipient_type = 'private';
    // A group conversation lists its people (Zulip's direct_message_group_users): ids, sorted, comma-separated.
    if (message.participants.length > 2) data.pm_users = message.participants.map((participant) => participant.id).sort((a, b) => a - b).join(',');
  }
  return data;
}

/** Zulip's truncate_content: at most 200 characters, then `…`. */
export function truncateContent(content: string): { content: string; truncated: boolean } {
  const characters = [...content];
  if (characters.length <= MAX_CONTENT_LENGTH) return { content, truncated: false };
  return { content: `${characters.slice(0, MAX_CONTENT_LENGTH).join('')}…`, truncated: true };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };

/**
 * Zulip's get_mobile_push_content, in short: the rendered message as plain text, one line
 * per block, TeX as its source, images and previews left out; or "New message" when the
 * server redacts content (`PUSH_NOTIFICATION_REDACT_CONTENT`).
 */
export function mobilePushContent(renderedContent: string, redact: boolean): string {
  if (redact) return 'New message';
  const marked = renderedContent
    // KaTeX keeps its source in an annotation: the notification shows that.
    .replace(/<span class="katex(?:-display)?">[\s\S]*?<annotation encoding="application\/x-tex">([\s\S]*?)<\/annotation>[\s\S]*?<\/span><\/span><\/span>/g, '$$$$$1$$$$')
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/(p|li|h[1-6]|pre|blockquote|tr)>/g, '$&\n');
  const text = sanitizeHtml(marked, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript'],
    exclusiveFilter: (frame) => frame.tag === 'div' && /message_inline_(image|ref)|message_embed/.test(frame.attribs.class ?? ''),
  });
  return text
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => ENTITIES[name])
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** Zulip's get_apns_alert_title: the channel and topic, the group's names, or the sender. */
function apnsTitle(message: PushMessage): string {
  if (message.channel) return `#${message.channel.name} > ${message.channel.topic}`;
  if (message.participants.length > 2) return message.participants.map((participant) => participant.fullName).sort().join(', ');
  return message.senderFullName;
}

const WILDCARD_TRIGGERS: ReadonlySet<PushTrigger> = new Set<PushTrigger>([
  'topic_wildcard_mentioned_in_followed_topic',
  'stream_wildcard_mentioned_in_followed_topic',
  'topic_wildcard_mentioned',
  'stream_wildcard_mentioned',
]);

/** Zulip's get_apns_alert_subtitle. */
function apnsSubtitle(message: PushMessage, trigger: PushTrigger, group: MentionedGroup | null): string {
  if (trigger === 'mentioned') return group ? `${message.senderFullName} mentioned @${group.name}:` : `${message.senderFullName} mentioned you:`;
  if (WILDCARD_TRIGGERS.has(trigger)) return `${message.senderFullName} mentioned everyone:`;
  if (!message.channel && message.participants.length <= 2) return '';
  return `${message.senderFullName}:`;
}

/** What `push/notify` carries for one message to one user: both platforms' payloads. */
export interface NotifyPayloads {
  apns_payload: Record<string, unknown>;
  gcm_payload: Record<string, unknown>;
  gcm_options: Record<string, unknown>;
}

/**
 * Zulip's get_message_payload_apns and get_message_payload_gcm; `group` is the group the
 * recipient was mentioned through (mentionedGroupsByUser), if any.
 */
export function messagePayloads(account: PushAccount, message: PushMessage, trigger: PushTrigger, redact: boolean, group: MentionedGroup | null = null): NotifyPayloads {
  const { content, truncated } = truncateContent(mobilePushContent(message.renderedContent, redact));
  const shared = messagePayload(account, message, group);
  return {
    apns_payload: {
      alert: { title: apnsTitle(message), subtitle: apnsSubtitle(message, trigger, group), body: content },
      sound: 'default',
      // Zulip sends 0 until the apps handle the count (get_apns_badge_count).
      badge: 0,
      custom: { zulip: { ...shared, message_ids: [message.id] } },
    },
    gcm_payload: {
      ...shared,
      event: 'message',
      zulip_message_id: message.id,
      content,
      content_truncated: truncated,
      sender_full_name: message.senderFullName,
      sender_avatar_url: message.senderAvatarUrl,
    },
    gcm_options: { priority: 'high' },
  };
}

/** Zulip's get_remove_payload_gcm and get_remove_payload_apns: the newest MAX_REMOVE_MESSAGE_IDS ids. */
export function removePayloads(account: PushAccount, messageIds: readonly number[]): NotifyPayloads {
  const ids = [...messageIds].sort((a, b) => a - b).slice(-MAX_REMOVE_MESSAGE_IDS);
  const joined = ids.join(',');
  return {
    apns_payload: { badge: 0, custom: { zulip: { ...basePayload(account), event: 'remove', zulip_message_ids: joined } } },
    // Apps from before 2019 read only `zulip_message_id`.
    gcm_payload: { ...basePayload(account), event: 'remove', zulip_message_ids: joined, zulip_message_id: ids[0] },
    gcm_options: { priority: 'normal' },
  };
}

/** What a rendered message mentions so as to notify (silent mentions left out): users by id, and user groups. */
export interface RenderedMentions {
  userIds: Set<number>;
  groupIds: number[];
}

const MENTION_SPAN = /<span class="(user-mention|user-group-mention)((?: [\w-]+)*)" data-(?:user-id|user-group-id)="(\d+)"/g;

/**
 * The mentions of a rendered message, read from its HTML as the renderer writes them
 * (`user-mention` and `user-group-mention` spans; a silent one has the class `silent`,
 * wildcards no numeric id). Text the sender typed is escaped there, so it never matches.
 */
export function renderedMentions(renderedContent: string): RenderedMentions {
  const userIds = new Set<number>();
  const groupIds: number[] = [];
  for (const [, kind, classes, id] of renderedContent.matchAll(MENTION_SPAN)) {
    if (classes.split(' ').includes('silent')) continue;
    if (kind === 'user-mention') userIds.add(Number(id));
    else if (!groupIds.includes(Number(id))) groupIds.push(Number(id));
  }
  return { userIds, groupIds };
}

/**
 * Zulip's get_user_group_mentions_data: for each member of a mentioned group who is not
 * also mentioned by name, the group to name in their notification, the one with the
 * fewest members when several are mentioned (the first mentioned among equals).
 * `members` holds each group's members, nested groups' members included.
 */
export function mentionedGroupsByUser(mentions: RenderedMentions, members: ReadonlyMap<number, ReadonlySet<number>>): Map<number, number> {
  const chosen = new Map<number, number>();
  for (const groupId of mentions.groupIds) {
    const groupMembers = members.get(groupId) ?? new Set<number>();
    for (const userId of groupMembers) {
      if (mentions.userIds.has(userId)) continue;
      const previous = chosen.get(userId);
      if (previous === undefined || (members.get(previous)?.size ?? 0) > groupMembers.size) chosen.set(userId, groupId);
    }
  }
  return chosen;
}
