import { LinkifierRule } from '../../linkifiers/public/apply-linkifiers';
import { UnicodeEmojiCatalog } from '../../emoji/public/unicode-emoji';
import { UploadPreview } from '../../uploads/public/image-previews';

/** A user a message may mention. */
export interface MentionableUser {
  id: number;
  fullName: string;
  isActive: boolean;
}

/** A named user group a message may mention. */
export interface MentionableGroup {
  id: number;
  name: string;
  canMentionGroupId: number;
}

/** A channel the sender may link to. */
export interface LinkableChannel {
  id: number;
  name: string;
}

/** A realm's active custom emoji. */
export interface CustomEmojiImage {
  name: string;
  url: string;
}

/**
 * What rendering one message may look up, loaded beforehand for the names the content
 * hints at (see `markdownHints`): rendering itself is synchronous and reads nothing else.
 * Name keys are lower-cased (Zulip matches names case-insensitively).
 */
export interface RenderData {
  usersByName: ReadonlyMap<string, MentionableUser>;
  usersById: ReadonlyMap<number, MentionableUser>;
  groupsByName: ReadonlyMap<string, MentionableGroup>;
  channelsByName: ReadonlyMap<string, LinkableChannel>;
  customEmoji: ReadonlyMap<string, CustomEmojiImage>;
  /** For `#**channel>topic**`: the topic's oldest message the sender may read, by `topicKey`. */
  topicMessageIds?: ReadonlyMap<string, number>;
  /** The realm's URL (no trailing slash): links into it are made relative, as Zulip does. */
  realmUrl?: string;
  /** The image proxy's address for an external image (`/external_content/...`). */
  proxiedImageUrl?: (url: string) => string;
  /** Zulip's inline image previews; false renders as Zulip's `no_previews` (descriptions). */
  imagePreviews?: boolean;
  /**
   * The previews of the realm's uploaded images the content links, by path id (Zulip's
   * `user_upload_previews`): with it, a `/user_uploads/` link is previewed exactly when it
   * names an image here. Without it (no database), by the link's file extension.
   */
  uploadPreviews?: ReadonlyMap<string, UploadPreview>;
  catalog: UnicodeEmojiCatalog;
  linkifiers: readonly LinkifierRule[];
}

export function topicKey(channelId: number, topic: string): string {
  return `${channelId}\u0000${topic.toLowerCase()}`;
}

export type StreamWildcardName = 'all' | 'everyone' | 'channel' | 'stream';

/** What a rendering found besides its HTML. */
export interface RenderOutcome {
  html: string;
  /** Users mentioned by a non-silent mention (active users only). */
  mentionedUserIds: Set<number>;
  /** Groups mentioned by a non-silent mention. */
  mentionedGroupIds: Set<number>;
  /** Groups mentioned silently (rendered, notify nobody, need no permission). */
  silentlyMentionedGroupIds: Set<number>;
  streamWildcard: boolean;
  topicWildcard: boolean;
}

export function emptyRenderData(catalog: UnicodeEmojiCatalog): RenderData {
  return {
    usersByName: new Map(),
    usersById: new Map(),
    groupsByName: new Map(),
    channelsByName: new Map(),
    customEmoji: new Map(),
    catalog,
    linkifiers: [],
  };
}
