import { Injectable } from '@nestjs/common';
import { DefaultChannelsChangedEvent } from '../events/channel-update-events';
import { ChannelRepository } from './channel.repository';
import { Database } from '../../platform/database/database';
import { UserDirectory } from '../../users/queries/user-directory';

/**
 * The realm's default channels (new users are subscribed to them). Every change records
 * a `default_streams` event with the full list for all active users, as Zulip does.
 */
@Injectable()
export class DefaultChannels {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly database: Database,
    private readonly users: UserDirectory,
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
    const users = await this.users.activeUserRoles(realmId);
    this.database.record(new DefaultChannelsChangedEvent(realmId, after, users.map((user) => user.id)));
  }
}
