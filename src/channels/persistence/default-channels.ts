import { Injectable } from '@nestjs/common';
import { DefaultChannelsChangedEvent } from '../events/channel-update-events';
import { ChannelRepository } from './channel.repository';
import { Database } from '../../platform/database/database';

/**
 * The realm's default channels (new users are subscribed to them). Every change records
 * a `default_streams` event with the full list for all active users, as Zulip does.
 */
@Injectable()
export class DefaultChannels {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly database: Database,
  ) {}

  async set(realmId: number, streamId: number, isDefault: boolean): Promise<void> {
    const before = await this.channels.defaultChannelIds(realmId);
    if (before.includes(streamId) === isDefault) return;
    if (isDefault) {
      await this.channels.addDefaultChannel(realmId, streamId);
    } else {
      await this.database.query(`DELETE FROM default_stream WHERE realm_id = $1 AND stream_id = $2`, [realmId, streamId]);
    }
    const after = await this.channels.defaultChannelIds(realmId);
    const users = await this.database.query<{ id: number }>(`SELECT id FROM user_profile WHERE realm_id = $1 AND is_active`, [realmId]);
    this.database.record(new DefaultChannelsChangedEvent(realmId, after, users.map((user) => user.id)));
  }
}
