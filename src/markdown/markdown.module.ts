import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { EmojiModule } from '../emoji/emoji.module';
import { ExternalContentModule } from '../external-content/external-content.module';
import { GroupsModule } from '../groups/groups.module';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { UploadsModule } from '../uploads/uploads.module';
import { MarkdownController } from './api/markdown.controller';
import { ChangeAlertWordsHandler } from './commands/change-alert-words.command';
import { AlertWordEventProjections } from './events/alert-word-event.projections';
import { MessageRenderer } from './message-renderer';
import { AlertWordStore } from './persistence/alert-word.store';
import { RenderDataStore } from './persistence/render-data.store';
import { GetAlertWordsHandler } from './queries/get-alert-words.query';
import { RenderMessageHandler } from './queries/render-message.query';
import { AlertWordsState } from './queries/alert-words.state';

/**
 * Zulip markdown for messages (`MessageRenderer`: one entry point for send, edit and
 * preview) and for the realm's texts (`DescriptionRenderer`, which the modules below
 * markdown get through `MarkdownForModulesBelowModule`), `POST /messages/render`, and alert
 * words.
 */
@Module({
  imports: [ChannelsModule, EmojiModule, GroupsModule, RealmModule, UsersModule, ExternalContentModule, UploadsModule],
  controllers: [MarkdownController],
  providers: [
    AlertWordsState,
    MessageRenderer,
    RenderDataStore,
    RenderMessageHandler,
    AlertWordStore,
    ChangeAlertWordsHandler,
    AlertWordEventProjections,
    GetAlertWordsHandler,
  ],
  exports: [MessageRenderer],
})
export class MarkdownModule {}
