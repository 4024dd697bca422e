import { SubmessageStore } from './persistence/submessage.store';
import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { RealmModule } from '../realm/realm.module';
import { UserTopicsModule } from '../user-topics/user-topics.module';
import { SubmessagesController } from './api/submessages.controller';
import { AddSubmessageHandler } from './commands/add-submessage.command';
import { SubmessageEventProjections } from './events/submessage-event.projections';
import { ReadReceiptsHandler } from './queries/read-receipts.query';
import { WidgetSubmessages } from './commands/widget-submessages';

/** Submessages and read receipts: small additions to messages, each with its own endpoint. */
@Module({
  imports: [MessagesModule, RealmModule, UserTopicsModule],
  controllers: [SubmessagesController],
  providers: [AddSubmessageHandler, SubmessageEventProjections, ReadReceiptsHandler, WidgetSubmessages, SubmessageStore],
})
export class SubmessagesModule {}
