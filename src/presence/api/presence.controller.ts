import { Controller, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { requireHumanUser } from '../../shared/authorization';
import { Authorize } from '../../wire/authorize.guard';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { UpdatePresenceCommand } from '../commands/update-presence.command';
import { parseStatus } from '../domain/presence-rules';
import { GetRealmPresenceQuery, GetUserPresenceQuery, RealmPresenceAnswer } from '../queries/get-presence.query';

class UpdatePresenceParams {
  @WireParam('string') status!: string;
  @WireParam('bool', { default: false }) ping_only!: boolean;
  @WireParam('bool', { default: false }) new_user_input!: boolean;
  @WireParam('bool', { default: false }) slim_presence!: boolean;
  @WireParam('int', { optional: true }) last_update_id?: number;
  @WireParam('int', { optional: true }) history_limit_days?: number;
}

class UserPresenceParams {
  @WireParam('string', { path: true }) user_id_or_email!: string;
  @WireParam('bool', { default: false }) slim_presence!: boolean;
}

@Controller('api/v1')
export class PresenceController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  /**
   * Reports the user's presence and, unless `ping_only`, answers everyone's. Passing
   * `last_update_id` selects the modern format, as `slim_presence` does.
   * (`new_user_input` feeds Zulip's activity statistics, which this server does not keep.)
   */
  @Post('users/me/presence')
  @Authorize(requireHumanUser)
  async update(@CurrentUser() user: Actor, @Params(UpdatePresenceParams) p: UpdatePresenceParams): Promise<RealmPresenceAnswer | Record<string, never>> {
    const status = parseStatus(p.status);
    if (status === null) throw ApiError.badRequest(`Invalid status: ${p.status}`);
    await this.commandBus.execute(new UpdatePresenceCommand(user, status));
    if (p.ping_only) return {};
    const slim = p.slim_presence || p.last_update_id !== undefined;
    return this.queryBus.execute(new GetRealmPresenceQuery(user.realmId, slim, p.last_update_id ?? null, p.history_limit_days ?? null));
  }

  /** Everyone's presence in the legacy format, without the update id. */
  @Get('realm/presence')
  async realm(@CurrentUser() user: Actor): Promise<Omit<RealmPresenceAnswer, 'presence_last_update_id'>> {
    const answer = await this.queryBus.execute<GetRealmPresenceQuery, RealmPresenceAnswer>(
      new GetRealmPresenceQuery(user.realmId, false, null, null),
    );
    return { presences: answer.presences, server_timestamp: answer.server_timestamp };
  }

  @Get('users/:user_id_or_email/presence')
  one(@CurrentUser() user: Actor, @Params(UserPresenceParams) p: UserPresenceParams): Promise<{ presence: Record<string, unknown> }> {
    return this.queryBus.execute(new GetUserPresenceQuery(user.realmId, p.user_id_or_email, p.slim_presence));
  }
}
