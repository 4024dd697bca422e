import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { RealmPlaygroundsController } from './api/realm-playgrounds.controller';
import { AddRealmPlaygroundHandler, RemoveRealmPlaygroundHandler } from './commands/realm-playground.commands';
import { RealmPlaygroundEventProjections } from './events/realm-playground-event.projections';
import { RealmPlaygroundStore } from './persistence/realm-playground.store';
import { GetRealmPlaygroundsHandler } from './queries/get-realm-playgrounds.query';
import { RealmPlaygroundsState } from './queries/realm-playgrounds.state';

/** Zulip's code playgrounds: the realm's links to open code blocks in (administrators; register's `realm_playgrounds`). */
@Module({
  imports: [UsersModule],
  controllers: [RealmPlaygroundsController],
  providers: [RealmPlaygroundsState, RealmPlaygroundStore, GetRealmPlaygroundsHandler, AddRealmPlaygroundHandler, RemoveRealmPlaygroundHandler, RealmPlaygroundEventProjections],
})
export class RealmPlaygroundsModule {}
