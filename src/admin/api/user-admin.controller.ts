import { Controller, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FastifyRequest } from 'fastify';
import { administratorRequired } from '../../shared/api-error';
import { isAdministrator, Role } from '../../users/domain/roles';
import { CurrentUser } from '../../wire/decorators';
import { decodeParams, WireParam } from '../../wire/params/wire-param';
import { contextOf, RequestUser } from '../../wire/request-context';
import { CreatedUser, CreateUserCommand } from '../commands/create-user.command';

class CreateUserParams {
  @WireParam('string') email!: string;
  @WireParam('string') password!: string;
  @WireParam('string') full_name!: string;
}

@Controller('api/v1')
export class UserAdminController {
  constructor(private readonly commandBus: CommandBus) {}

  /**
   * `POST /users`: organization administrators create accounts. As in Zulip, the role is
   * checked before the parameters are read.
   */
  @Post('users')
  async createUser(@CurrentUser() actor: RequestUser, @Req() request: FastifyRequest): Promise<{ user_id: number }> {
    if (!isAdministrator(actor.role)) throw administratorRequired();
    const p = decodeParams(CreateUserParams, contextOf(request), {});
    const created = await this.commandBus.execute<CreateUserCommand, CreatedUser>(
      new CreateUserCommand(actor.realmId, { email: p.email, password: p.password, fullName: p.full_name, role: Role.Member }),
    );
    return { user_id: created.user_id };
  }
}
