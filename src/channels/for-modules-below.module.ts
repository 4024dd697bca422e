import { Global, Module } from '@nestjs/common';
import { bindPort, bindPortValue } from '../platform/modules/upward-port';
import { GroupsChannelReader } from '../groups/public/channels.port';
import { RealmChannelReader } from '../realm/public/channels.port';
import { UserChannelRelations } from '../users/public/channels.port';
import { streamRelation, subscriptionRelation } from './public/read-relations';
import { ChannelDirectory } from './queries/channel-directory';
import { ChannelsModule } from './channels.module';

const ports = [
  bindPort(GroupsChannelReader, ChannelDirectory),
  bindPort(RealmChannelReader, ChannelDirectory),
  bindPortValue(UserChannelRelations, { streamRelation, subscriptionRelation }),
];

/**
 * Binds what the modules below channels (groups, realm, users) read of channels, which
 * they declare as ports in their `public/` (docs/architecture.md, "Reading a module
 * above"). Global, so that their modules find the ports without importing channels; the
 * composition root imports it.
 */
@Global()
@Module({ imports: [ChannelsModule], providers: ports, exports: ports })
export class ChannelsForModulesBelowModule {}
