import { Module } from '@nestjs/common';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { AvatarsController } from './api/avatars.controller';
import { ChangeAvatarHandler } from './commands/change-avatar.command';
import { AvatarEventProjections } from './events/avatar-event.projections';
import { AvatarRedirectHandler } from './queries/avatar-redirect.query';

/** Users' pictures: uploaded (resized, stored under DATA_DIR) or Gravatar's. */
@Module({
  imports: [UsersModule, RealmModule],
  controllers: [AvatarsController],
  providers: [ChangeAvatarHandler, AvatarRedirectHandler, AvatarEventProjections],
})
export class AvatarsModule {}
