import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { GroupsModule } from '../groups/groups.module';
import { ProfileFieldsModule } from '../profile-fields/profile-fields.module';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { RegisterStateContributors } from '../platform/events/state/register-state';
import { EventsController } from './api/events.controller';
import { LongPollRoute } from './api/long-poll.route';
import { CreateEventQueueHandler } from './commands/create-event-queue.command';
import { InitialStateHandler } from './queries/initial-state.query';
import { RealmUserDirectory } from './queries/realm-user-directory';
import { RealmUsersState } from './queries/realm-users.state';

/**
 * `POST /register`, `GET /events`, `DELETE /events`. The state of `POST /register` is put
 * together from every module's `@RegisterStateContributor` providers, found at start-up.
 */
@Module({
  imports: [DiscoveryModule, RealmModule, GroupsModule, UsersModule, ProfileFieldsModule],
  controllers: [EventsController],
  providers: [LongPollRoute, CreateEventQueueHandler, InitialStateHandler, RealmUserDirectory, RealmUsersState, RegisterStateContributors],
})
export class EventsModule {}
