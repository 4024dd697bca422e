import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { ChannelsModule } from '../channels/channels.module';
import { EmojiModule } from '../emoji/emoji.module';
import { RealmModule } from '../realm/realm.module';
import { UserTopicsModule } from '../user-topics/user-topics.module';
import { UsersModule } from '../users/users.module';
import { ReactionsController } from './api/reactions.controller';
import { AddReactionHandler } from './commands/add-reaction.command';
import { ReactingUser } from './events/reacting-user';
import { ReactionAccess } from './access/reaction-access';
import { RemoveReactionHandler } from './commands/remove-reaction.command';
import { ReactionChange } from './commands/reaction-change';
import { ReactionEventProjections } from './events/reaction-event.projections';
import { ReactionRepository } from './persistence/reaction.repository';

/** Emoji reactions on messages; messages load them with the rest of a message. */
@Module({
  imports: [ChannelsModule, EmojiModule, RealmModule, UsersModule, UserTopicsModule, MessagesModule],
  controllers: [ReactionsController],
  providers: [ReactionRepository, ReactionAccess, ReactingUser, ReactionChange, AddReactionHandler, RemoveReactionHandler, ReactionEventProjections],
})
export class ReactionsModule {}
