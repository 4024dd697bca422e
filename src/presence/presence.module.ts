import { Module } from '@nestjs/common';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { PresenceController } from './api/presence.controller';
import { UpdatePresenceHandler } from './commands/update-presence.command';
import { PresenceEventProjections } from './events/presence-event.projections';
import { PresenceRepository } from './persistence/presence.repository';
import { PresenceWriter } from './commands/presence.writer';
import { GetRealmPresenceHandler, GetUserPresenceHandler } from './queries/get-presence.query';
import { PresenceState } from './queries/presence.state';

/** Presence: who is online, throttled writes, `presence` events. */
@Module({
  imports: [RealmModule, UsersModule],
  controllers: [PresenceController],
  providers: [
    PresenceState,
    PresenceRepository,
    PresenceWriter,
    UpdatePresenceHandler,
    GetRealmPresenceHandler,
    GetUserPresenceHandler,
    PresenceEventProjections,
  ],
  exports: [PresenceWriter],
})
export class PresenceModule {}
