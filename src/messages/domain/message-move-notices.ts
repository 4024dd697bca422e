import { encodeChannel, encodeHashComponent } from '../../shared/narrow-url';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../../shared/message-content';

/**
 * What the notification bot posts when messages move or a topic is (un)resolved: Zulip's
 * texts (zerver/actions/message_edit.py) and link syntax (zerver/lib/topic_link_util.py,
 * zerver/lib/url_encoding.py), in Markdown.
 */

const BROKEN_LINK_CHARS = /[`>*&[\]]|(\$\$)/;
const ESCAPES: Record<string, string> = { '`': '&#96;', '>': '&gt;', '*': '&#42;', '&': '&amp;', $$: '&#36;&#36;', '[': '&#91;', ']': '&#93;' };

function escapeLinkText(text: string): string {
  return text.replace(/[`>*&[\]]|(\$\$)/g, (match) => ESCAPES[match] ?? match);
}

/** Zulip's `get_stream_topic_link_syntax`: `#**channel>topic**`, or a plain link when that would break. */
export function channelTopicLink(streamId: number, streamName: string, topic: string): string {
  if (!BROKEN_LINK_CHARS.test(topic) && !BROKEN_LINK_CHARS.test(streamName)) return `#**${streamName}>${topic}**`;
  const link = `#narrow/channel/${encodeChannel(streamId, streamName)}/topic/${encodeHashComponent(topic)}`;
  const shown = topic === '' ? EMPTY_TOPIC_DISPLAY_NAME : topic;
  return `[#${escapeLinkText(streamName)} > ${escapeLinkText(shown)}](${link})`;
}

/** The notice left in the old topic (`send_notification_to_old_thread`). */
export function oldThreadNotice(args: { user: string; newLocation: string; movedAll: boolean; count: number }): string {
  if (args.movedAll) return `This topic was moved to ${args.newLocation} by ${args.user}.`;
  if (args.count === 1) return `A message was moved from this topic to ${args.newLocation} by ${args.user}.`;
  return `${args.count} messages were moved from this topic to ${args.newLocation} by ${args.user}.`;
}

/** The notice posted in the new topic (`send_notification_to_new_thread`). */
export function newThreadNotice(args: { user: string; oldLocation: string; wholeTopic: boolean; count: number; messageLink: string }): string {
  if (args.wholeTopic) return `This topic was moved here from ${args.oldLocation} by ${args.user}.`;
  if (args.count === 1) return `[A message](${args.messageLink}) was moved here from ${args.oldLocation} by ${args.user}.`;
  return `${args.count} messages were moved here from ${args.oldLocation} by ${args.user}.`;
}

/** Zulip's resolve-topic notices. */
export function resolutionNotice(user: string, resolved: boolean): string {
  return resolved ? `${user} has marked this topic as resolved.` : `${user} has marked this topic as unresolved.`;
}

/** Whether a message is a resolve-topic notice (Zulip keeps a message type; we read the text). */
export function isResolutionNotice(content: string): boolean {
  return /^@_\*\*[^*]*\|\d+\*\* has marked this topic as (un)?resolved\.$/.test(content);
}
