import { Module } from '@nestjs/common';
import { RetentionStore } from './persistence/retention.store';
import { ChannelsModule } from '../channels/channels.module';
import { MessagesModule } from '../messages/messages.module';
import { UploadsModule } from '../uploads/uploads.module';
import { RetentionScheduler } from './retention-scheduler';
import { RetentionSweep } from './retention-sweep';

/** Message retention: the sweep, and the scheduler the server starts. */
@Module({
  imports: [ChannelsModule, MessagesModule, UploadsModule],
  providers: [RetentionSweep, RetentionScheduler, RetentionStore],
  exports: [RetentionSweep, RetentionScheduler],
})
export class RetentionModule {}
