import { flagNames, HISTORICAL_FLAGS } from '../../shared/message-flags';
import { MessageDict, messageDict, MessagePresentation } from '../public/message-dict';
import { FetchedMessages } from '../queries/get-messages.query';
import { FetchedMessage } from '../queries/get-message.query';

/** A message object of `GET /messages`: the shared message object plus the user's flags. */
export type MessageWire = MessageDict;

export interface GetMessagesResult {
  anchor?: number;
  found_anchor: boolean;
  found_oldest: boolean;
  found_newest: boolean;
  history_limited: boolean;
  messages: MessageWire[];
}

export interface GetMessageResult {
  raw_content: string;
  message: MessageWire;
}

/** Sets the viewer's flags on a message object that `messageDict` has just made. */
function withFlags(message: MessageDict, flags: number | null): MessageWire {
  message.flags = flagNames(flags ?? HISTORICAL_FLAGS);
  return message;
}

/** `GET /messages`' answer: the found messages in id order, with flags and search highlights. */
export function presentFetchedMessages(fetched: FetchedMessages, presentation: MessagePresentation): GetMessagesResult {
  const messages: MessageWire[] = [];
  for (const row of fetched.found) {
    const snapshot = fetched.snapshots.get(row.id);
    if (!snapshot) continue;
    const message = withFlags(messageDict(snapshot, presentation), row.flags);
    const highlight = fetched.highlights?.get(row.id);
    if (highlight) {
      message.match_content = highlight.matchContent;
      message.match_subject = highlight.matchSubject;
    }
    messages.push(message);
  }
  const window = {
    found_anchor: fetched.foundAnchor,
    found_oldest: fetched.foundOldest,
    found_newest: fetched.foundNewest,
    history_limited: fetched.historyLimited,
    messages,
  };
  return fetched.anchor === null ? window : { anchor: fetched.anchor, ...window };
}

/** `GET /messages/{message_id}`'s answer. */
export function presentFetchedMessage(fetched: FetchedMessage, presentation: MessagePresentation): GetMessageResult {
  return { raw_content: fetched.snapshot.content, message: withFlags(messageDict(fetched.snapshot, presentation), fetched.flags) };
}
