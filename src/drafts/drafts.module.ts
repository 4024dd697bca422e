import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { MessagesModule } from '../messages/messages.module';
import { UsersModule } from '../users/users.module';
import { DraftsController } from './api/drafts.controller';
import { CreateDraftsHandler, DeleteDraftHandler, EditDraftHandler } from './commands/draft.commands';
import { DraftEventProjections } from './events/draft-event.projections';
import { DraftRecipients } from './access/draft-recipients';
import { DraftStore } from './persistence/draft.store';
import { DraftReader } from './queries/draft.reader';
import { GetDraftsHandler } from './queries/get-drafts.query';
import { DraftsState } from './queries/drafts.state';

/** Drafts stored on the server for users who synchronize them. */
@Module({
  imports: [ChannelsModule, MessagesModule, UsersModule],
  controllers: [DraftsController],
  providers: [DraftsState, DraftStore, DraftRecipients, DraftReader, CreateDraftsHandler, EditDraftHandler, DeleteDraftHandler, GetDraftsHandler, DraftEventProjections],
  exports: [DraftReader],
})
export class DraftsModule {}
