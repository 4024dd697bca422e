import { Injectable } from '@nestjs/common';
import { ChannelUpdatedEvent } from '../events/channel-update-events';
import { ChannelViewers } from '../persistence/channel-viewers';
import { StreamRow } from '../persistence/stream-row';
import { Database } from '../../platform/database/database';

/**
 * After messages of a channel were deleted: when the channel's first message was among
 * them, the next oldest takes its place, and (Zulip, feature level 256) everyone who may
 * see the channel is told with a `stream` update of `first_message_id`.
 */
@Injectable()
export class FirstMessageRefresher {
  constructor(
    private readonly viewers: ChannelViewers,
    private readonly database: Database,
  ) {}

  async afterDelete(stream: StreamRow, deletedIds: readonly number[]): Promise<void> {
    if (stream.firstMessageId === null || !deletedIds.includes(stream.firstMessageId)) return;
    const [{ first }] = await this.database.query<{ first: number | null }>(
      `SELECT min(id) AS first FROM message WHERE recipient_id = $1`,
      [stream.recipientId],
    );
    await this.database.query(`UPDATE stream SET first_message_id = $1 WHERE id = $2`, [first, stream.id]);
    const { metadata } = await this.viewers.of(stream);
    this.database.record(new ChannelUpdatedEvent(stream.realmId, [
      { streamId: stream.id, name: stream.name, property: 'first_message_id', value: first },
    ], metadata));
  }
}
