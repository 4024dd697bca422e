import { Module } from '@nestjs/common';
import { DraftsModule } from '../drafts/drafts.module';
import { ChannelsModule } from '../channels/channels.module';
import { GroupsModule } from '../groups/groups.module';
import { MessagesModule } from '../messages/messages.module';
import { ProfileFieldsModule } from '../profile-fields/profile-fields.module';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { EventsController } from './api/events.controller';
import { LongPollRoute } from './api/long-poll.route';
import { WireModule } from '../wire/wire.module';
import { CreateEventQueueHandler } from './commands/create-event-queue.command';
import { InitialStateHandler } from './queries/initial-state.query';
import { RealmUserDirectory } from './queries/realm-user-directory';

/** `POST /register`, `GET /events`, `DELETE /events`. */
@Module({
  imports: [RealmModule, GroupsModule, UsersModule, ChannelsModule, ProfileFieldsModule, DraftsModule, MessagesModule, WireModule],
  controllers: [EventsController],
  providers: [LongPollRoute, CreateEventQueueHandler, InitialStateHandler, RealmUserDirectory],
})
export class EventsModule {}
