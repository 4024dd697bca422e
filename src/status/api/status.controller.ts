import { Controller, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { UpdateStatusCommand } from '../commands/update-status.command';
import { StatusWire } from '../domain/user-status';
import { GetUserStatusQuery } from '../queries/get-user-status.query';

class UpdateStatusParams {
  @WireParam('bool', { optional: true }) away?: boolean;
  @WireParam('string', { optional: true }) status_text?: string;
  @WireParam('string', { optional: true }) emoji_name?: string;
  @WireParam('string', { optional: true }) emoji_code?: string;
  @WireParam('string', { optional: true }) reaction_type?: string;
}

class UserIdParams {
  @WireParam('int', { path: true }) user_id!: number;
}

/** A user's status. */
@Controller('api/v1/users')
export class StatusController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('me/status')
  async update(@CurrentUser() user: Actor, @Params(UpdateStatusParams) p: UpdateStatusParams): Promise<Record<string, never>> {
    await this.commandBus.execute(
      new UpdateStatusCommand(user, {
        away: p.away,
        statusText: p.status_text,
        emojiName: p.emoji_name,
        emojiCode: p.emoji_code,
        reactionType: p.reaction_type,
      }),
    );
    return {};
  }

  @Get(':user_id/status')
  async get(@CurrentUser() user: Actor, @Params(UserIdParams) p: UserIdParams): Promise<{ status: StatusWire }> {
    return { status: await this.queryBus.execute(new GetUserStatusQuery(user, p.user_id)) };
  }
}
