import { Module } from '@nestjs/common';
import { GroupsModule } from '../groups/groups.module';
import { RealmAddressing } from './public/realm-addressing';
import { RealmRepository } from './persistence/realm.repository';
import { RealmDirectory } from './queries/realm-directory';
import { RealmWrites } from './commands/realm-writes';
import { RealmSettingsStore } from './persistence/realm-settings.store';
import { RealmSettingsController } from './api/realm-settings.controller';
import { ServerSettingsController } from './api/server-settings.controller';
import { RenderedRealmDescription } from './queries/rendered-realm-description';
import { UserSettingsDefaultsController } from './api/user-settings-defaults.controller';
import { UpdateUserSettingsDefaultsHandler } from './commands/update-user-settings-defaults.command';
import { UpdateRealmSettingsHandler } from './commands/update-realm-settings.command';
import { RealmEventProjections } from './events/realm-event.projections';
import { RealmDomainsController } from './api/realm-domains.controller';
import { RealmImagesController } from './api/realm-images.controller';
import { ChangeRealmImageHandler } from './commands/change-realm-image.command';
import { AddRealmDomainHandler, ChangeRealmDomainHandler, RemoveRealmDomainHandler } from './commands/realm-domain.commands';
import { RealmDomainStore } from './persistence/realm-domain.store';
import { GetRealmDomainsHandler, RealmDomainReader } from './queries/get-realm-domains.query';
import { RealmDomainsState } from './queries/realm-domains.state';
import { RealmChannels, RealmUsers } from './queries/realm-foreign-readers';

/** Realms (organizations): lookup by Host, addressing, server and realm settings. */
@Module({
  imports: [GroupsModule],
  controllers: [ServerSettingsController, RealmSettingsController, UserSettingsDefaultsController, RealmDomainsController, RealmImagesController],
  providers: [
    RenderedRealmDescription,
    RealmDomainsState,
    RealmAddressing,
    RealmRepository,
    RealmDirectory,
    RealmUsers,
    RealmChannels,
    RealmWrites,
    RealmSettingsStore,
    UpdateRealmSettingsHandler,
    RealmEventProjections,
    UpdateUserSettingsDefaultsHandler,
    // The realm's email domains (`/realm/domains`).
    RealmDomainStore,
    RealmDomainReader,
    GetRealmDomainsHandler,
    AddRealmDomainHandler,
    ChangeRealmDomainHandler,
    RemoveRealmDomainHandler,
    // The realm's icon and logos (`/realm/icon`, `/realm/logo`).
    ChangeRealmImageHandler,
  ],
  exports: [RealmAddressing, RealmDirectory, RealmDomainReader, RealmWrites, RealmUsers, RealmChannels],
})
export class RealmModule {}
