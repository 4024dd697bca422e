import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { ScheduledMessagesController } from './api/scheduled-messages.controller';
import { DeliverScheduledMessageHandler } from './commands/deliver-scheduled-message.command';
import {
  CreateScheduledMessageHandler,
  DeleteScheduledMessageHandler,
  EditScheduledMessageHandler,
} from './commands/scheduled-message.commands';
import { ScheduledMessageScheduler } from './delivery/scheduled-message-scheduler';
import { ScheduledMessageEventProjections } from './events/scheduled-message-event.projections';
import { ScheduledMessageWakeEffects } from './events/scheduled-message-wake.effects';
import { ScheduledMessageStore } from './persistence/scheduled-message.store';
import { GetScheduledMessagesHandler } from './queries/get-scheduled-messages.query';
import { ScheduledMessagesState } from './queries/scheduled-messages.state';

/**
 * Zulip's scheduled messages (register's `scheduled_messages`): each user's messages to be
 * sent later, and the scheduler that sends them through the messages module's send path.
 */
@Module({
  imports: [MessagesModule, UsersModule, RealmModule],
  controllers: [ScheduledMessagesController],
  providers: [
    ScheduledMessagesState,
    ScheduledMessageStore,
    GetScheduledMessagesHandler,
    CreateScheduledMessageHandler,
    EditScheduledMessageHandler,
    DeleteScheduledMessageHandler,
    DeliverScheduledMessageHandler,
    ScheduledMessageScheduler,
    ScheduledMessageEventProjections,
    ScheduledMessageWakeEffects,
  ],
  exports: [ScheduledMessageScheduler],
})
export class ScheduledMessagesModule {}
