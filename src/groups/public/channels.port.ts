import { ChannelGroupSetting } from './permission-settings';

/**
 * What the groups module reads of channels. Channels sit above groups in the module tree,
 * so groups declares it here and the channels module binds it
 * (`ChannelsForModulesBelowModule`: docs/architecture.md, "Reading a module above").
 */
export abstract class GroupsChannelReader {
  /** The realm's channels, not archived, with a group setting among `groupIds`, by id, each with all its settings' groups. */
  abstract activeChannelsUsingGroups(realmId: number, groupIds: readonly number[]): Promise<{ id: number; groups: Record<ChannelGroupSetting, number> }[]>;
}
