import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../../shared/message-content';
import { EditHistoryEntry } from '../domain/message-edit-rules';
import { highlightHtmlDifferences } from '../domain/html-diff';
import { MessageAccess } from '../access/message-access';
import { Database } from '../../platform/database/database';

/** `GET /messages/{message_id}/history`: Zulip's get_message_edit_history. */
export class GetMessageHistoryQuery {
  constructor(
    readonly user: Actor,
    readonly messageId: number,
    readonly allowEmptyTopicName: boolean,
  ) {}
}

/** The message as it is now, and when and by whom it was sent. */
export interface HistorySource {
  id: number;
  senderId: number;
  content: string;
  renderedContent: string | null;
  subject: string;
  timestamp: number;
  isChannelMessage: boolean;
  editHistory: readonly EditHistoryEntry[];
}

export type HistoryVersion = Record<string, unknown>;

/**
 * Zulip's `fill_edit_history_entries`: every version of the message, oldest first, each
 * with the content and topic it had after that edit and what the edit changed.
 */
export function messageHistory(source: HistorySource, allowEmptyTopicName: boolean): HistoryVersion[] {
  const shownTopic = (topic: string) => (source.isChannelMessage && topic === '' && !allowEmptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : topic);
  let content = source.content;
  let rendered = source.renderedContent;
  let topic = shownTopic(source.subject);
  const versions: HistoryVersion[] = [];
  for (const edit of source.editHistory) {
    const version: HistoryVersion = { content, rendered_content: rendered, timestamp: edit.timestamp, topic, user_id: edit.user_id };
    if (edit.prev_topic !== undefined) {
      topic = shownTopic(edit.prev_topic);
      version.prev_topic = topic;
    }
    if (edit.prev_content !== undefined) {
      version.prev_content = edit.prev_content;
      content = edit.prev_content;
      version.prev_rendered_content = edit.prev_rendered_content ?? null;
      version.content_html_diff = highlightHtmlDifferences(edit.prev_rendered_content ?? '', rendered ?? '');
      rendered = edit.prev_rendered_content ?? null;
    }
    if (edit.prev_stream !== undefined) {
      version.prev_stream = edit.prev_stream;
      version.stream = edit.stream;
    }
    versions.push(version);
  }
  versions.push({ content, rendered_content: rendered, timestamp: source.timestamp, topic, user_id: source.senderId });
  return versions.reverse();
}

@QueryHandler(GetMessageHistoryQuery)
export class GetMessageHistoryHandler implements IQueryHandler<GetMessageHistoryQuery, { message_history: HistoryVersion[] }> {
  constructor(
    private readonly database: Database,
    private readonly access: MessageAccess,
  ) {}

  async execute({ user, messageId, allowEmptyTopicName }: GetMessageHistoryQuery): Promise<{ message_history: HistoryVersion[] }> {
    return this.database.onOneConnection(async () => {
      // The realm's allow_edit_history is always on here ("Message edit history is disabled
      // in this organization" otherwise).
      await this.access.require(user, messageId);
      const [row] = await this.database.query<{
        id: number;
        sender_id: number;
        content: string;
        rendered_content: string | null;
        subject: string;
        date_sent: Date;
        is_channel_message: boolean;
        edit_history: EditHistoryEntry[] | null;
      }>(
        `SELECT id, sender_id, content, rendered_content, subject, date_sent, is_channel_message, edit_history FROM message WHERE id = $1`,
        [messageId],
      );
      if (!row) throw ApiError.invalidMessage();
      const history = messageHistory(
        {
          id: row.id,
          senderId: row.sender_id,
          content: row.content,
          renderedContent: row.rendered_content,
          subject: row.subject,
          timestamp: Math.floor(new Date(row.date_sent).getTime() / 1000),
          isChannelMessage: row.is_channel_message,
          editHistory: row.edit_history ?? [],
        },
        allowEmptyTopicName,
      );
      return { message_history: history };
    });
  }
}
