import { EmailAddressVisibility } from '../../shared/roles';
import { storedAvatarUrl } from '../../users/public/user-identity';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../../shared/message-content';
import { MessageSnapshot } from './message-snapshot';

export interface MessagePresentation {
  applyMarkdown: boolean;
  clientGravatar: boolean;
  /** False replaces an empty channel topic with the realm's display name for it. */
  allowEmptyTopicName: boolean;
}

/** A message object: Zulip's MessageDict, as the API, the events and outgoing webhooks give it. */
export type MessageDict = Record<string, unknown>;

/**
 * Zulip's message object (`MessageDict`), without `flags` (callers add them where they
 * belong). `GET /messages`, the `message` event and outgoing webhooks all send this one shape.
 */
export function messageDict(message: MessageSnapshot, options: MessagePresentation): MessageDict {
  const { sender } = message;
  const gravatarComputable =
    options.clientGravatar &&
    sender.avatarSource === 'G' &&
    (sender.isBot || sender.emailAddressVisibility === EmailAddressVisibility.Everyone);
  const subject =
    message.kind === 'stream' && message.subject === '' && !options.allowEmptyTopicName
      ? EMPTY_TOPIC_DISPLAY_NAME
      : message.subject;
  const wire: MessageDict = {
    id: message.id,
    sender_id: message.senderId,
    content: options.applyMarkdown ? message.renderedContent : message.content,
    recipient_id: message.recipientId,
    timestamp: message.timestamp,
    client: message.client,
    subject,
    topic_links: message.topicLinks.map((link) => ({ ...link })),
    is_me_message: message.isMeMessage,
    reactions: message.reactions.map((reaction) => ({ ...reaction })),
    submessages: message.submessages.map((submessage) => ({ ...submessage })),
    sender_full_name: message.senderFullName,
    sender_email: message.senderEmail,
    sender_realm_str: message.realmStr,
    display_recipient: message.displayRecipient,
    type: message.kind,
    avatar_url: gravatarComputable ? null : storedAvatarUrl({ ...sender, id: message.senderId, realmId: message.realmId }),
    content_type: options.applyMarkdown ? 'text/html' : 'text/x-markdown',
  };
  if (message.kind === 'stream') wire.stream_id = message.streamId;
  if (message.lastEditTimestamp !== null) wire.last_edit_timestamp = message.lastEditTimestamp;
  if (message.lastMovedTimestamp !== null) wire.last_moved_timestamp = message.lastMovedTimestamp;
  // The realm's allow_edit_history is always on here.
  if (message.editHistory !== null && message.editHistory.length > 0) {
    wire.edit_history = message.editHistory.map((entry) => {
      // Stored as Zulip stores it, shown as Zulip's finalize_payload shows it: the rendering
      // version of the text before an edit is an internal detail no client is sent.
      const { prev_rendered_content_version: _version, ...shown } = entry;
      // Older clients see the empty topic under its display name here too.
      if (message.kind === 'stream' && !options.allowEmptyTopicName) {
        for (const key of ['prev_topic', 'topic']) if (shown[key] === '') shown[key] = EMPTY_TOPIC_DISPLAY_NAME;
      }
      return shown;
    });
  }
  return wire;
}
