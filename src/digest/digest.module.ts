import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { EmailUnsubscribeModule } from '../email-unsubscribe/email-unsubscribe.module';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { EnqueueDigestEmailsHandler } from './commands/enqueue-digest-emails.command';
import { DigestScheduler } from './delivery/digest-scheduler';
import { DigestStore } from './persistence/digest.store';

/** Zulip's digest emails: the daily pass (DigestScheduler, started by the server) and `manage enqueue-digest-emails`. */
@Module({
  imports: [RealmModule, UsersModule, ChannelsModule, EmailUnsubscribeModule],
  providers: [DigestStore, EnqueueDigestEmailsHandler, DigestScheduler],
  exports: [DigestScheduler],
})
export class DigestModule {}
