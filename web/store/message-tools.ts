import type { ApiClient } from '../api/client';
import type { Schemas } from '../api/types';
import { apiNarrow, type Filter } from './narrow';

export type HistoryVersion = Schemas['MessageHistoryVersion'];

/** How the move reaches the topic's other messages (Zulip's `propagate_mode`). */
export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

/** How many messages one `/messages/flags/narrow` call covers (Zulip's client batches by 1000 too). */
const UNREAD_BATCH = 1000;

/**
 * The message actions menu's requests (delete, move, mark unread, history, widget
 * events). Each throws the server's refusal for the caller to show next to what caused
 * it; the store changes when the server's events come, as for every other write.
 */
export class MessageTools {
  constructor(private readonly client: ApiClient) {}

  async delete(messageId: number): Promise<void> {
    await this.client.delete(`messages/${messageId}`);
  }

  /** Moves a message (and the topic's others, by `mode`) to a topic and perhaps a channel. */
  async move(messageId: number, move: { topic: string; channelId?: number; mode: PropagateMode; notifyOld: boolean; notifyNew: boolean }): Promise<void> {
    await this.client.patch(`messages/${messageId}`, {
      topic: move.topic,
      ...(move.channelId === undefined ? {} : { stream_id: move.channelId }),
      propagate_mode: move.mode,
      send_notification_to_old_thread: move.notifyOld,
      send_notification_to_new_thread: move.notifyNew,
    });
  }

  /**
   * Zulip's "Mark as unread from here": the message and every later one in the narrow lose
   * their `read` flag, a batch at a time until the server says it reached the newest.
   */
  async markUnreadFrom(messageId: number, filter: Filter): Promise<void> {
    let anchor: number = messageId;
    let includeAnchor = true;
    for (;;) {
      const answer = await this.client.post<{ found_newest: boolean; last_processed_id: number | null }>('messages/flags/narrow', {
        anchor,
        include_anchor: includeAnchor,
        num_before: 0,
        num_after: UNREAD_BATCH,
        narrow: apiNarrow(filter),
        op: 'remove',
        flag: 'read',
      });
      if (answer.found_newest || answer.last_processed_id === null) return;
      anchor = answer.last_processed_id;
      includeAnchor = false;
    }
  }

  async history(messageId: number): Promise<HistoryVersion[]> {
    const answer = await this.client.get<{ message_history: HistoryVersion[] }>(`messages/${messageId}/history`);
    return answer.message_history;
  }

  /** A widget event (a vote, a new option or task, a strike), as Zulip's client sends it. */
  async widgetEvent(messageId: number, data: Record<string, unknown>): Promise<void> {
    await this.client.post('submessage', { message_id: messageId, msg_type: 'widget', content: JSON.stringify(data) });
  }
}
