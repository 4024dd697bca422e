import type { ApiClient } from '../api/client';
import { uploadFile } from '../api/upload';
import type { RenderAnswer, UploadAnswer } from '../api/types';
import type { Where } from './state';

/** A scheduled message's recipient and text, as `POST /scheduled_messages` takes them. */
function recipientParams(where: Where, me: number): Record<string, unknown> {
  if (where.kind === 'channel') return { type: 'stream', to: where.channelId, topic: where.topic };
  const others = where.userIds.filter((id) => id !== me);
  return { type: 'direct', to: JSON.stringify(others.length > 0 ? others : [me]) };
}

/**
 * The compose box's requests beyond sending: previews, uploads, scheduled messages. The
 * store hears of scheduled messages through their `scheduled_messages` events; these throw
 * the server's refusal for the compose box to show.
 */
export class ComposeActions {
  constructor(
    private readonly client: ApiClient,
    private readonly me: () => number,
  ) {}

  /** The server's rendering of `content`, as the message would show. */
  async render(content: string, signal?: AbortSignal): Promise<string> {
    const answer = await this.client.post<RenderAnswer>('messages/render', { content }, signal);
    return answer.rendered;
  }

  upload(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadAnswer> {
    return uploadFile(file, { ...this.client.target, onProgress, signal });
  }

  async schedule(where: Where, content: string, deliverAt: number): Promise<number> {
    const answer = await this.client.post<{ scheduled_message_id: number }>('scheduled_messages', {
      ...recipientParams(where, this.me()),
      content,
      scheduled_delivery_timestamp: deliverAt,
    });
    return answer.scheduled_message_id;
  }

  async reschedule(id: number, deliverAt: number): Promise<void> {
    await this.client.patch(`scheduled_messages/${id}`, { scheduled_delivery_timestamp: deliverAt });
  }

  async unschedule(id: number): Promise<void> {
    await this.client.delete(`scheduled_messages/${id}`);
  }
}
