/**
 * Cheap textual scans of raw content, run before rendering so that only the users,
 * groups, channels and emoji a message might name are loaded (none for plain text).
 * They over-approximate (code blocks are not excluded): rendering decides.
 */
export interface MarkdownHints {
  userNames: string[];
  userIds: number[];
  groupNames: string[];
  channelNames: string[];
  /** `#**channel>topic**` links (not message links): channel name lower-cased, topic as written. */
  channelTopics: { channel: string; topic: string }[];
  emojiNames: string[];
}

const USER_MENTION = /@_?\*\*([^*]+)\*\*/g;
const GROUP_MENTION = /@_?\*([^*]+)\*/g;
const CHANNEL_LINK = /#\*\*([^*]+)\*\*/g;
/**
 * `:name:`, as Zulip's `[\w\-\+]+` with Python's Unicode `\w` (letters, digits and `_` of any
 * script), so that `:piñata:` and `:flag_türkiye:` are emoji too.
 */
export const EMOJI_NAME_PATTERN = /:([\p{L}\p{N}_\-+]+):/u;
const EMOJI_NAME = new RegExp(EMOJI_NAME_PATTERN.source, 'gu');
const WILDCARDS = new Set(['all', 'everyone', 'channel', 'stream', 'topic']);

export function markdownHints(content: string): MarkdownHints {
  const hints: MarkdownHints = { userNames: [], userIds: [], groupNames: [], channelNames: [], channelTopics: [], emojiNames: [] };
  if (content.includes('@')) {
    for (const match of content.matchAll(USER_MENTION)) {
      const name = match[1];
      const byId = /^(.*)\|(\d+)$/.exec(name);
      if (byId) hints.userIds.push(Number(byId[2]));
      else if (!WILDCARDS.has(name.toLowerCase())) hints.userNames.push(name.toLowerCase());
    }
    for (const match of content.matchAll(GROUP_MENTION)) hints.groupNames.push(match[1].toLowerCase());
  }
  if (content.includes('#**')) {
    for (const match of content.matchAll(CHANNEL_LINK)) {
      const inner = match[1];
      const split = inner.indexOf('>');
      const channel = (split >= 0 ? inner.slice(0, split) : inner).toLowerCase();
      hints.channelNames.push(channel);
      if (split >= 0 && !/@\d+$/.test(inner)) hints.channelTopics.push({ channel, topic: inner.slice(split + 1) });
    }
  }
  if (content.includes(':')) {
    for (const match of content.matchAll(EMOJI_NAME)) hints.emojiNames.push(match[1]);
  }
  return {
    userNames: [...new Set(hints.userNames)],
    userIds: [...new Set(hints.userIds)].filter((id) => Number.isSafeInteger(id)),
    groupNames: [...new Set(hints.groupNames)],
    channelNames: [...new Set(hints.channelNames)],
    channelTopics: hints.channelTopics,
    emojiNames: [...new Set(hints.emojiNames)],
  };
}

/** Whether a wildcard name is a channel wildcard (`topic` is the topic wildcard). */
export function isStreamWildcard(name: string): boolean {
  return name === 'all' || name === 'everyone' || name === 'channel' || name === 'stream';
}
