import { Module } from '@nestjs/common';
import { EventQueuesModule } from '../events/queues/event-queues.module';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { UnsubscribeController } from './api/unsubscribe.controller';
import { PendingEmailWriter } from './commands/pending-email-writer';
import { SendMissedMessageEmailsHandler } from './commands/send-missed-message-emails.command';
import { UnsubscribeFromEmailsHandler } from './commands/unsubscribe.command';
import { MissedMessageScheduler } from './delivery/missed-message-scheduler';
import { MissedMessageEffects } from './events/missed-message.effects';
import { MissedMessageStore } from './persistence/missed-message.store';

/**
 * Zulip's missed-message emails: after a message commits, recipients who are away and
 * whose settings ask for it get a pending row; at the end of their batching period one
 * email per conversation goes through the mail outbox; the unsubscribe link in each
 * turns them off.
 */
@Module({
  imports: [EventQueuesModule, UsersModule, RealmModule],
  controllers: [UnsubscribeController],
  providers: [
    MissedMessageStore,
    PendingEmailWriter,
    MissedMessageEffects,
    MissedMessageScheduler,
    SendMissedMessageEmailsHandler,
    UnsubscribeFromEmailsHandler,
  ],
  exports: [MissedMessageScheduler],
})
export class MissedMessageEmailsModule {}
