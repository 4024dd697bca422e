import { Module } from '@nestjs/common';
import { GroupsModule } from '../groups/groups.module';
import { RealmAddressing } from './domain/realm-addressing';
import { RealmRepository } from './persistence/realm.repository';
import { RealmSettingsController } from './api/realm-settings.controller';
import { ServerSettingsController } from './api/server-settings.controller';
import { UserSettingsDefaultsController } from './api/user-settings-defaults.controller';
import { UpdateUserSettingsDefaultsHandler } from './commands/update-user-settings-defaults.command';
import { UpdateRealmSettingsHandler } from './commands/update-realm-settings.command';
import { RealmEventProjections } from './events/realm-event.projections';

/** Realms (organizations): lookup by Host, addressing, server and realm settings. */
@Module({
  imports: [GroupsModule],
  controllers: [ServerSettingsController, RealmSettingsController, UserSettingsDefaultsController],
  providers: [
    RealmAddressing,
    RealmRepository,
    UpdateRealmSettingsHandler,
    RealmEventProjections,
    UpdateUserSettingsDefaultsHandler,
  ],
  exports: [RealmAddressing, RealmRepository],
})
export class RealmModule {}
