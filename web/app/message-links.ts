import { formatHash, type NameSource, type Narrow } from '../store/narrow';
import type { MessageEntry } from '../store/state';

/**
 * A link to a message in its conversation, as Zulip 10 writes them: `with/<id>` for "Copy
 * link to message" (the conversation follows the message if it moves), `near/<id>` in a
 * quote (Zulip's hash_util.by_conversation_and_time_url).
 */
export function messageLink(message: Pick<MessageEntry, 'id' | 'where'>, me: number, names: NameSource, origin: string, operator: 'with' | 'near'): string {
  const where = message.where;
  const others = where.kind === 'dm' ? where.userIds.filter((id) => id !== me) : [];
  const filter: Narrow['filter'] =
    where.kind === 'channel' ? { kind: 'channel', channelId: where.channelId, topic: where.topic } : { kind: 'dm', userIds: others.length > 0 ? others : [me] };
  const narrow: Narrow = operator === 'with' ? { filter, anchor: null, with: message.id } : { filter, anchor: message.id, with: null };
  return `${origin}/${formatHash(narrow, names)}`;
}

/** Zulip's fenced_code.get_unused_fence: more backticks than any run in the text, at least three. */
function unusedFence(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`{3,}/g)].map((match) => match[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** Zulip's quote-and-reply text: a silent mention, a link to the message, its Markdown in a quote block. */
export function quoteBlock(senderName: string, senderId: number, link: string, raw: string): string {
  const fence = unusedFence(raw);
  return `@_**${senderName}|${senderId}** [said](${link}):\n${fence}quote\n${raw}\n${fence}\n`;
}
