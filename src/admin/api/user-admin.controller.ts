import { Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { administratorRequired } from '../../shared/api-error';
import { isAdministrator, Role } from '../../users/domain/roles';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { RequestUser } from '../../wire/request-context';
import { CreatedUser, CreateUserCommand } from '../commands/create-user.command';

class CreateUserParams {
  @WireParam('string') email!: string;
  @WireParam('string') password!: string;
  @WireParam('string') full_name!: string;
}

@Controller('api/v1')
export class UserAdminController {
  constructor(private readonly commandBus: CommandBus) {}

  /** `POST /users`: organization administrators create accounts. */
  @Post('users')
  async createUser(@CurrentUser() actor: RequestUser, @Params(CreateUserParams) p: CreateUserParams): Promise<{ user_id: number }> {
    if (!isAdministrator(actor.role)) throw administratorRequired();
    const created = await this.commandBus.execute<CreateUserCommand, CreatedUser>(
      new CreateUserCommand(actor.realmId, { email: p.email, password: p.password, fullName: p.full_name, role: Role.Member }),
    );
    return { user_id: created.user_id };
  }
}
