import { Injectable, OnModuleInit } from '@nestjs/common';
import { GroupMembershipWatcher, GroupMembershipWatchers } from '../../groups/events/group-membership-watchers';
import { ChannelViews } from '../queries/channel-views';
import { ChannelAudienceChangedEvent } from './channel-update-events';
import { ChannelRepository } from '../persistence/channel.repository';
import { ChannelViewers } from '../queries/channel-viewers';
import { Database } from '../../platform/database/database';

/**
 * Zulip's bulk_add_members_to_user_groups / remove_subgroups_from_user_group: when a
 * group's membership changes, users who thereby gain sight of a private channel (through
 * its administer, add-subscribers or subscribe group) get it created with its
 * subscribers; users who lose sight of it see it deleted.
 */
@Injectable()
export class ChannelAccessWatcher implements GroupMembershipWatcher, OnModuleInit {
  constructor(
    private readonly watchers: GroupMembershipWatchers,
    private readonly channels: ChannelRepository,
    private readonly viewers: ChannelViewers,
    private readonly views: ChannelViews,
    private readonly database: Database,
  ) {}

  onModuleInit(): void {
    this.watchers.register(this);
  }

  async beforeMembershipChange(realmId: number, groupId: number): Promise<() => Promise<void>> {
    const streams = await this.channels.findPrivateGrantedThrough(realmId, groupId);
    const before = new Map<number, number[]>();
    for (const stream of streams) before.set(stream.id, (await this.viewers.of(stream)).metadata);
    return async () => {
      for (const stream of streams) {
        const after = await this.viewers.of(stream);
        const old = new Set(before.get(stream.id));
        const now = new Set(after.metadata);
        const gained = after.metadata.filter((id) => !old.has(id));
        const lost = [...old].filter((id) => !now.has(id));
        if (gained.length === 0 && lost.length === 0) continue;
        const [view] = await this.views.of([stream]);
        this.database.record(new ChannelAudienceChangedEvent(realmId, view, after.subscribers, gained, lost));
      }
    };
  }
}
