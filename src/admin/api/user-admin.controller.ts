import { Controller, Delete, Patch, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FastifyRequest } from 'fastify';
import { IsOptional, MaxLength } from 'class-validator';
import { parseProfileDataItems } from '../../profile-fields/public/profile-data-items';
import { ApiError } from '../../shared/api-error';
import { requireRealmAdmin } from '../../shared/authorization';
import { Role } from '../../shared/roles';
import { checkRole } from '../../users/public/user-admin-rules';
import { Authorize } from '../../wire/authorize.guard';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { decodeParams, WireParam } from '../../wire/params/wire-param';
import { contextOf } from '../../wire/request-context';
import { Actor } from '../../shared/actor';
import { CreatedUser, CreateUserCommand } from '../commands/create-user.command';
import { DeactivateUserCommand } from '../commands/deactivate-user.command';
import { ReactivateUserCommand } from '../commands/reactivate-user.command';
import { RegenerateApiKeyCommand } from '../commands/regenerate-api-key.command';
import { UpdateUserCommand } from '../commands/update-user.command';

class CreateUserParams {
  @WireParam('string') email!: string;
  @WireParam('string') password!: string;
  @WireParam('string') full_name!: string;
}

class UserIdParams {
  @WireParam('int', { path: true }) user_id!: number;
}

class UpdateUserParams {
  /** A user id, or an email address (real or placeholder): Zulip routes both here. */
  @WireParam('string', { path: true }) user_id!: string;
  @WireParam('string', { optional: true }) full_name?: string;
  @WireParam('int', { optional: true }) role?: number;
  @WireParam('json', { optional: true }) profile_data?: unknown;
}

class DeactivateUserParams extends UserIdParams {
  /** Given (even empty), the user is told by mail, with the comment, as in Zulip. */
  @WireParam('string', { optional: true })
  @IsOptional()
  @MaxLength(2000, { message: 'deactivation_notification_comment is too long (limit: 2000 characters)' })
  deactivation_notification_comment?: string;
}

@Controller('api/v1')
export class UserAdminController {
  constructor(private readonly commandBus: CommandBus) {}

  /**
   * `POST /users`: organization administrators create accounts. As in Zulip, the role is
   * checked before the parameters are read.
   */
  @Post('users')
  @Authorize(requireRealmAdmin)
  async createUser(@CurrentUser() actor: Actor, @Req() request: FastifyRequest): Promise<{ user_id: number }> {
    const p = decodeParams(CreateUserParams, contextOf(request), {});
    const created = await this.commandBus.execute<CreateUserCommand, CreatedUser>(
      new CreateUserCommand(actor.realmId, { email: p.email, password: p.password, fullName: p.full_name, role: Role.Member }),
    );
    return { user_id: created.user_id };
  }

  /**
   * `PATCH /users/{user_id}` and `PATCH /users/{email}` (Zulip's `update_user_by_email_api`):
   * name, role and custom profile field values (`profile_data`, written by the profile
   * fields' own command in the same transaction).
   */
  @Patch('users/:user_id')
  async updateUser(@CurrentUser() actor: Actor, @Params(UpdateUserParams) p: UpdateUserParams): Promise<Record<string, never>> {
    const user = userFromPath(p.user_id);
    const role = p.role === undefined ? undefined : checkRole(p.role);
    const profileData = p.profile_data === undefined ? undefined : parseProfileDataItems(p.profile_data, 'profile_data', true);
    await this.commandBus.execute(new UpdateUserCommand(actor, user, { fullName: p.full_name, role, profileData }));
    return {};
  }

  @Delete('users/me')
  async deactivateSelf(@CurrentUser() actor: Actor): Promise<Record<string, never>> {
    await this.commandBus.execute(new DeactivateUserCommand(actor.realmId, actor.id, { kind: 'self', actor }));
    return {};
  }

  @Delete('users/:user_id')
  async deactivateUser(@CurrentUser() actor: Actor, @Params(DeactivateUserParams) p: DeactivateUserParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new DeactivateUserCommand(actor.realmId, p.user_id, { kind: 'user', actor, notificationComment: p.deactivation_notification_comment }));
    return {};
  }

  @Post('users/:user_id/reactivate')
  async reactivateUser(@CurrentUser() actor: Actor, @Params(UserIdParams) p: UserIdParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new ReactivateUserCommand(actor, p.user_id));
    return {};
  }

  @Post('users/me/api_key/regenerate')
  regenerateOwnKey(@CurrentUser() actor: Actor): Promise<{ api_key: string }> {
    return this.commandBus.execute(new RegenerateApiKeyCommand(actor, null));
  }
}

/** Zulip's URL patterns for `/users/{user_id}` and `/users/{email}`: digits are an id, anything with an `@` an email. */
function userFromPath(raw: string): number | { email: string } {
  if (/^\d+$/.test(raw)) {
    // An id beyond any stored one names no user (0 is never an id).
    const id = Number(raw);
    return id <= 2147483647 ? id : 0;
  }
  if (raw.includes('@')) return { email: raw };
  throw new ApiError('Not found', 'BAD_REQUEST', 404);
}
