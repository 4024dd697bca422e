import { Injectable } from '@nestjs/common';
import { sharedValue } from '../../platform/database/unit-of-work';
import { GroupSettingValue } from '../../groups/public/group-setting';
import { GroupDirectory } from '../../groups/queries/group-directory';
import { SystemGroup } from '../../groups/public/system-groups';
import { StreamPostPolicy } from '../public/channel-rules';
import { averageWeeklyTraffic, hasTrafficEstimate } from '../domain/channel-traffic';
import { ChannelTrafficReader } from '../persistence/channel-traffic.reader';
import { StreamRow } from '../public/stream-row';

/**
 * A channel with what the channel object shows beside its row: the values of the groups
 * its permission settings name, the legacy posting policy those imply, and its weekly
 * traffic estimate (null while it is too young for one).
 */
export interface ChannelView {
  stream: StreamRow;
  postPolicy: StreamPostPolicy;
  canAddSubscribers: GroupSettingValue;
  canRemoveSubscribers: GroupSettingValue;
  canAdministerChannel: GroupSettingValue;
  canSendMessage: GroupSettingValue;
  canSubscribe: GroupSettingValue;
  weeklyTraffic: number | null;
}

/** Reads channel views: group setting values and traffic for many channels in one go. */
@Injectable()
export class ChannelViews {
  constructor(
    private readonly groups: GroupDirectory,
    private readonly traffic: ChannelTrafficReader,
  ) {}

  /**
   * Views of `streams`, in their order. Within withSharedReads (register, whose
   * `subscription` and `stream` sections list the same channels), each channel is read
   * once; callers must not change the views.
   */
  async of(streams: readonly StreamRow[]): Promise<ChannelView[]> {
    const read = sharedValue('channel-views', () => new Map<number, Promise<ChannelView>>());
    if (read === null) return this.read(streams);
    const missing = streams.filter((stream) => !read.has(stream.id));
    if (missing.length > 0) {
      const reading = this.read(missing);
      missing.forEach((stream, index) => read.set(stream.id, reading.then((views) => views[index])));
    }
    return Promise.all(streams.map((stream) => read.get(stream.id) as Promise<ChannelView>));
  }

  private async read(streams: readonly StreamRow[]): Promise<ChannelView[]> {
    if (streams.length === 0) return [];
    const groupIds = streams.flatMap((stream) => [
      stream.canAddSubscribersGroupId,
      stream.canRemoveSubscribersGroupId,
      stream.canAdministerChannelGroupId,
      stream.canSendMessageGroupId,
      stream.canSubscribeGroupId,
    ]);
    const now = Date.now();
    // Only channels old enough for an estimate are counted: a younger one's would go unused.
    const counted = streams.filter((stream) => stream.recipientId !== null && hasTrafficEstimate(stream.dateCreated, now));
    const [values, system, traffic] = await Promise.all([
      this.groups.settingValues(groupIds),
      this.groups.systemGroupIds(streams[0].realmId),
      this.traffic.recentMessages(counted.map((stream) => stream.recipientId as number), now),
    ]);
    return streams.map((stream) => ({
      stream,
      postPolicy: streamPostPolicy(stream.canSendMessageGroupId, system),
      canAddSubscribers: values.get(stream.canAddSubscribersGroupId) as GroupSettingValue,
      canRemoveSubscribers: values.get(stream.canRemoveSubscribersGroupId) as GroupSettingValue,
      canAdministerChannel: values.get(stream.canAdministerChannelGroupId) as GroupSettingValue,
      canSendMessage: values.get(stream.canSendMessageGroupId) as GroupSettingValue,
      canSubscribe: values.get(stream.canSubscribeGroupId) as GroupSettingValue,
      weeklyTraffic: averageWeeklyTraffic(stream.dateCreated, traffic.get(stream.recipientId as number) ?? 0, now),
    }));
  }
}

function streamPostPolicy(sendGroupId: number, system: Map<SystemGroup, number>): StreamPostPolicy {
  if (sendGroupId === system.get(SystemGroup.Administrators)) return StreamPostPolicy.Administrators;
  if (sendGroupId === system.get(SystemGroup.FullMembers)) return StreamPostPolicy.FullMembers;
  if (sendGroupId === system.get(SystemGroup.Moderators)) return StreamPostPolicy.Moderators;
  return StreamPostPolicy.Everyone;
}
