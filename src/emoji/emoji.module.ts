import { Module } from '@nestjs/common';
import { GroupsModule } from '../groups/groups.module';
import { UsersModule } from '../users/users.module';
import { EmojiDataController } from './api/emoji-data.controller';
import { EmojiImagesController } from './api/emoji-images.controller';
import { RealmEmojiController } from './api/realm-emoji.controller';
import { DeactivateCustomEmojiHandler } from './commands/deactivate-custom-emoji.command';
import { UploadCustomEmojiHandler } from './commands/upload-custom-emoji.command';
import { RealmEmojiEventProjections } from './events/realm-emoji-event.projections';
import { EmojiResolver } from './queries/emoji-resolver';
import { RealmEmojiRepository } from './persistence/realm-emoji.repository';
import { GetRealmEmojiHandler } from './queries/get-realm-emoji.query';
import { RealmEmojiState } from './queries/realm-emoji.state';

/**
 * Emoji: the server's Unicode catalog, the special set, and each realm's custom emoji.
 * `EmojiResolver` is what other modules (status, reactions, markdown) check emoji with.
 */
@Module({
  imports: [GroupsModule, UsersModule],
  controllers: [RealmEmojiController, EmojiDataController, EmojiImagesController],
  providers: [
    RealmEmojiState,
    RealmEmojiRepository,
    EmojiResolver,
    GetRealmEmojiHandler,
    UploadCustomEmojiHandler,
    DeactivateCustomEmojiHandler,
    RealmEmojiEventProjections,
  ],
  exports: [EmojiResolver],
})
export class EmojiModule {}
