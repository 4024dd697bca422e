/** A participant of a direct-message conversation, as `display_recipient` lists it. */
export interface DmParticipant {
  id: number;
  email: string;
  full_name: string;
  is_mirror_dummy: boolean;
}

/** Everything needed to present a message to anyone, read once per message. */
export interface MessageSnapshot {
  id: number;
  realmId: number;
  realmStr: string;
  senderId: number;
  senderEmail: string;
  senderFullName: string;
  sender: {
    deliveryEmail: string;
    avatarSource: string;
    avatarVersion: number;
    emailAddressVisibility: number;
    isBot: boolean;
  };
  recipientId: number;
  kind: 'stream' | 'private';
  streamId: number | null;
  /** Channel name, or the conversation's participants sorted by id. */
  displayRecipient: string | DmParticipant[];
  subject: string;
  /** The realm's linkifiers applied to the topic (`topic_links`); empty for direct messages. */
  topicLinks: { text: string; url: string }[];
  content: string;
  renderedContent: string;
  timestamp: number;
  client: string;
  isMeMessage: boolean;
  lastEditTimestamp: number | null;
  lastMovedTimestamp: number | null;
  /** Stored edit entries, most recent first; null if never edited or moved. */
  editHistory: Record<string, unknown>[] | null;
  /** In the order they were added. */
  reactions: MessageReaction[];
  /** Widget data, in id order (the message object's `submessages`). */
  submessages: MessageSubmessage[];
}

/** A submessage as message objects carry it. */
export interface MessageSubmessage {
  msg_type: string;
  content: string;
  message_id: number;
  sender_id: number;
  id: number;
}

/** One user's emoji reaction, as message objects carry it. */
export interface MessageReaction {
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  user_id: number;
}
