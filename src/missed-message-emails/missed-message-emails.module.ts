import { Module } from '@nestjs/common';
import { EmailUnsubscribeModule } from '../email-unsubscribe/email-unsubscribe.module';
import { EventQueuesModule } from '../platform/events/queues/event-queues.module';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { PendingEmailWriter } from './commands/pending-email-writer';
import { SendMissedMessageEmailsHandler } from './commands/send-missed-message-emails.command';
import { MissedMessageScheduler } from './delivery/missed-message-scheduler';
import { MissedMessageEffects } from './events/missed-message.effects';
import { MissedMessageStore } from './persistence/missed-message.store';
import { NotificationRecipients } from './queries/notification-recipients';

/**
 * Zulip's missed-message emails: after a message commits, recipients who are away and
 * whose settings ask for it get a pending row; at the end of their batching period one
 * email per conversation goes through the mail outbox; the unsubscribe link in each
 * (email-unsubscribe's `missed_messages` kind) turns them off. Who is notified of a
 * message (`NotificationRecipients`) is decided here for push notifications too.
 */
@Module({
  imports: [EventQueuesModule, UsersModule, RealmModule, EmailUnsubscribeModule],
  providers: [
    MissedMessageStore,
    PendingEmailWriter,
    MissedMessageEffects,
    MissedMessageScheduler,
    SendMissedMessageEmailsHandler,
    NotificationRecipients,
  ],
  exports: [MissedMessageScheduler, NotificationRecipients],
})
export class MissedMessageEmailsModule {}
