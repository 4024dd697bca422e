import { Controller, Delete, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { SetUserMutedCommand } from '../commands/mute-user.command';

class MutedUserParams {
  @WireParam('int', { path: true }) muted_user_id!: number;
}

@Controller('api/v1')
export class MutedUsersController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('users/me/muted_users/:muted_user_id')
  async mute(@CurrentUser() user: Actor, @Params(MutedUserParams) p: MutedUserParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new SetUserMutedCommand(user, p.muted_user_id, true));
    return {};
  }

  @Delete('users/me/muted_users/:muted_user_id')
  async unmute(@CurrentUser() user: Actor, @Params(MutedUserParams) p: MutedUserParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new SetUserMutedCommand(user, p.muted_user_id, false));
    return {};
  }
}
