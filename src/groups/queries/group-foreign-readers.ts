import { Injectable } from '@nestjs/common';
import { ReaderSlot } from '../../platform/modules/reader-slot';
import { ChannelGroupSetting } from '../public/permission-settings';

/** What the groups module reads of users, from the users module's `UserDirectory`. */
export interface GroupsUserReader {
  /** The realm's user, or null when the realm has none of that id. */
  findInRealm(realmId: number, id: number): Promise<{ isActive: boolean; isBot: boolean } | null>;
  /** Which of the users are active users of the realm. */
  activeIdsAmong(realmId: number, ids: readonly number[]): Promise<number[]>;
  /** The realm's active users, by id: everyone `user_group` events go to. */
  allActiveUserIds(realmId: number): Promise<number[]>;
}

/** The users module's reader for groups (users sit above groups, which so cannot import them); users fills it at start-up. */
@Injectable()
export class GroupsUsers extends ReaderSlot<GroupsUserReader> {
  protected readonly description = 'the users reader of the groups module';
}

/** What the groups module's statements join of users: a read relation of the users module. */
export interface GroupsUserRelations {
  /** Every user (`userProfileRelation` of the users' read relations: `id`, `is_active`...), as the relation named `alias`. */
  userProfileRelation(alias: string): string;
}

/** The users module's read relations for groups; users fills it at start-up. */
@Injectable()
export class GroupsUserTables extends ReaderSlot<GroupsUserRelations> {
  protected readonly description = 'the users relations of the groups module';
}

/** What the groups module reads of channels, from the channels module's `ChannelDirectory`. */
export interface GroupsChannelReader {
  /** The realm's channels, not archived, with a group setting among `groupIds`, by id, each with all its settings' groups. */
  activeChannelsUsingGroups(realmId: number, groupIds: readonly number[]): Promise<{ id: number; groups: Record<ChannelGroupSetting, number> }[]>;
}

/** The channels module's reader for groups (channels sit above groups); channels fills it at start-up. */
@Injectable()
export class GroupsChannels extends ReaderSlot<GroupsChannelReader> {
  protected readonly description = 'the channels reader of the groups module';
}
