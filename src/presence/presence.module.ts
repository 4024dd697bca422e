import { Module } from '@nestjs/common';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { PresenceController } from './api/presence.controller';
import { UpdatePresenceHandler } from './commands/update-presence.command';
import { PresenceEventProjections } from './events/presence-event.projections';
import { PresenceSettingParticipant } from './events/presence-setting-participant';
import { PresenceRepository } from './persistence/presence.repository';
import { PresenceWriter } from './commands/presence.writer';
import { GetRealmPresenceHandler, GetUserPresenceHandler } from './queries/get-presence.query';
import { PresenceState } from './queries/presence.state';
import { RealmPresenceCache } from './queries/realm-presence-cache';

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
    RealmPresenceCache,
    PresenceEventProjections,
    PresenceSettingParticipant,
  ],
  exports: [PresenceWriter],
})
export class PresenceModule {}
