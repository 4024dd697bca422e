import { Module } from '@nestjs/common';
import { RealmAddressing } from './domain/realm-addressing';
import { RealmRepository } from './persistence/realm.repository';
import { ServerSettingsController } from './api/server-settings.controller';

/** Realms (organizations): lookup by Host, addressing, server and realm settings. */
@Module({
  controllers: [ServerSettingsController],
  providers: [RealmAddressing, RealmRepository],
  exports: [RealmAddressing, RealmRepository],
})
export class RealmModule {}
