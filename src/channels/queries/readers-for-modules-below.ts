import { Injectable, OnModuleInit } from '@nestjs/common';
import { GroupsChannels } from '../../groups/queries/group-foreign-readers';
import { RealmChannels } from '../../realm/queries/realm-foreign-readers';
import { UserChannels } from '../../users/queries/user-foreign-readers';
import { streamRelation, subscriptionRelation } from '../public/read-relations';
import { ChannelDirectory } from './channel-directory';

/**
 * Hands `ChannelDirectory` (groups, realm) and the channels' read relations (users) to the
 * modules below channels that read channels: they cannot import them, so each declares a
 * slot that this fills at start-up.
 */
@Injectable()
export class ChannelReadersForModulesBelow implements OnModuleInit {
  constructor(
    private readonly directory: ChannelDirectory,
    private readonly groups: GroupsChannels,
    private readonly realm: RealmChannels,
    private readonly users: UserChannels,
  ) {}

  onModuleInit(): void {
    this.groups.fill(this.directory);
    this.realm.fill(this.directory);
    this.users.fill({ streamRelation, subscriptionRelation });
  }
}
