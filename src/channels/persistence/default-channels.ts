import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { DefaultChannelsChangedEvent } from '../events/channel-update-events';
import { ChannelRepository } from './channel.repository';

/**
 * The realm's default channels (new users are subscribed to them). Every change records
 * a `default_streams` event with the full list for all active users, as Zulip does.
 */
@Injectable()
export class DefaultChannels {
  constructor(private readonly channels: ChannelRepository) {}

  async set(uow: UnitOfWork, realmId: number, streamId: number, isDefault: boolean): Promise<void> {
    const before = await this.channels.defaultChannelIds(realmId, uow);
    if (before.includes(streamId) === isDefault) return;
    if (isDefault) {
      await this.channels.addDefaultChannel(uow, realmId, streamId);
    } else {
      await uow.query(`DELETE FROM default_stream WHERE realm_id = $1 AND stream_id = $2`, [realmId, streamId]);
    }
    const after = await this.channels.defaultChannelIds(realmId, uow);
    const users = await uow.query<{ id: number }>(`SELECT id FROM user_profile WHERE realm_id = $1 AND is_active`, [realmId]);
    uow.record(new DefaultChannelsChangedEvent(realmId, after, users.map((user) => user.id)));
  }
}
