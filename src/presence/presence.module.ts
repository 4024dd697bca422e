import { Module } from '@nestjs/common';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { PresenceController } from './api/presence.controller';
import { UpdatePresenceHandler } from './commands/update-presence.command';
import { PresenceEventProjections } from './events/presence-event.projections';
import { PresenceRepository } from './persistence/presence.repository';
import { PresenceWriter } from './persistence/presence.writer';
import { GetRealmPresenceHandler, GetUserPresenceHandler } from './queries/get-presence.query';

/** Presence: who is online, throttled writes, `presence` events. */
@Module({
  imports: [RealmModule, UsersModule],
  controllers: [PresenceController],
  providers: [
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
