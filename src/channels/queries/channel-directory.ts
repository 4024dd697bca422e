import { Injectable } from '@nestjs/common';
import { ChannelRepository } from '../persistence/channel.repository';
import { ActorRow } from '../access/policy-actor.loader';
import { StreamRow } from '../public/stream-row';
import { ChannelGroupSetting } from '../../groups/public/permission-settings';

/**
 * The channel lookups other modules make: the channels module's read facade
 * (docs/architecture.md: a module is used through its public surface), so its repositories stay its own. Names match case-insensitively.
 */
@Injectable()
export class ChannelDirectory {
  constructor(private readonly channels: ChannelRepository) {}

  findById(realmId: number, id: number): Promise<StreamRow | null> {
    return this.channels.findById(realmId, id);
  }

  findByIds(ids: readonly number[]): Promise<StreamRow[]> {
    return this.channels.findByIds(ids);
  }

  findByName(realmId: number, name: string): Promise<StreamRow | null> {
    return this.channels.findByName(realmId, name);
  }

  findByNames(realmId: number, names: readonly string[]): Promise<StreamRow[]> {
    return this.channels.findByNames(realmId, names);
  }

  listInRealm(realmId: number): Promise<StreamRow[]> {
    return this.channels.listInRealm(realmId);
  }

  /** The realm's channels, not archived, with a group setting among `groupIds`, by id, each with all its settings' groups. */
  activeChannelsUsingGroups(realmId: number, groupIds: readonly number[]): Promise<{ id: number; groups: Record<ChannelGroupSetting, number> }[]> {
    return this.channels.activeUsingGroups(realmId, groupIds);
  }

  defaultChannelIds(realmId: number): Promise<number[]> {
    return this.channels.defaultChannelIds(realmId);
  }

  /** By id or name, with whether the user is subscribed, in one round trip (a narrow's channel). */
  findForSubscriber(realmId: number, channel: number | string, userId: number): Promise<{ stream: StreamRow; subscribed: boolean } | null> {
    return this.channels.findForSubscriber(realmId, channel, userId);
  }

  /** By id or name, with its active subscribers and the actor's row, in one round trip (a send). */
  findWithSubscribersAndActor(
    realmId: number,
    channel: number | string,
    actorId: number,
    extraColumn?: (subscriberIdsSql: string) => string,
  ): Promise<{ stream: StreamRow; subscriberIds: number[]; actor: ActorRow | null; extra: unknown } | null> {
    return this.channels.findWithSubscribersAndActor(realmId, channel, actorId, extraColumn);
  }
}
