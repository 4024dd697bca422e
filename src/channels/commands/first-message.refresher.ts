import { Injectable } from '@nestjs/common';
import { ChannelUpdatedEvent } from '../events/channel-update-events';
import { ChannelViewers } from '../queries/channel-viewers';
import { StreamRow } from '../public/stream-row';
import { ChannelRepository } from '../persistence/channel.repository';
import { Database } from '../../platform/database/database';

/**
 * A channel's first message, kept by the messages module inside its own transaction as
 * messages are sent, moved or deleted: when it changes, (Zulip, feature level 256)
 * everyone who may see the channel is told with a `stream` update of `first_message_id`.
 */
@Injectable()
export class FirstMessageRefresher {
  constructor(
    private readonly viewers: ChannelViewers,
    private readonly channels: ChannelRepository,
    private readonly database: Database,
  ) {}

  /** After messages of the channel were deleted: whether its first message was among them. */
  lost(stream: StreamRow, deletedIds: readonly number[]): boolean {
    return stream.firstMessageId !== null && deletedIds.includes(stream.firstMessageId);
  }

  /** The channel's first message is now `first` (the smallest message id it has, or null). */
  async set(stream: StreamRow, first: number | null): Promise<void> {
    if (first === stream.firstMessageId) return;
    await this.channels.setFirstMessageId(stream.id, first);
    await this.tell(stream, first);
  }

  /**
   * A message just sent to the channel: it becomes the first unless the channel has an
   * older one (concurrent sends commit out of id order: the smallest id stays, whichever
   * commits first).
   */
  async sent(stream: StreamRow, messageId: number): Promise<void> {
    if (stream.firstMessageId !== null && stream.firstMessageId <= messageId) return;
    if (await this.channels.lowerFirstMessageId(stream.id, messageId)) await this.tell(stream, messageId);
  }

  private async tell(stream: StreamRow, first: number | null): Promise<void> {
    const { metadata } = await this.viewers.of(stream);
    this.database.record(new ChannelUpdatedEvent(stream.realmId, [
      { streamId: stream.id, name: stream.name, property: 'first_message_id', value: first },
    ], metadata));
  }
}
