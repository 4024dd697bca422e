import { Controller, Get, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { IsNotEmpty } from 'class-validator';
import { CurrentRealm, CurrentUser, PublicEndpoint } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { RealmRef } from '../../shared/realm-ref';
import { Actor } from '../../shared/actor';
import { FetchApiKeyQuery, FetchedApiKey } from '../queries/fetch-api-key.query';
import { GetOwnUserQuery, GetUsersQuery } from '../queries/get-users.query';
import { GetUserQuery, UserKey } from '../queries/get-user.query';
import { ApiError } from '../../shared/api-error';
import { UserWire } from './user.presenter';

class GetUsersParams {
  @WireParam('bool', { default: true })
  client_gravatar!: boolean;

  @WireParam('bool', { default: false })
  include_custom_profile_fields!: boolean;
}

class GetUserParams extends GetUsersParams {
  /** A user id, or an email address (real or placeholder): Zulip routes both here. */
  @WireParam('string', { path: true })
  user_id!: string;
}

class FetchApiKeyParams {
  @WireParam('string')
  @IsNotEmpty({ message: 'username cannot be blank' })
  username!: string;

  @WireParam('string')
  password!: string;
}

@Controller('api/v1')
export class UsersController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('users')
  async listUsers(
    @CurrentUser() user: Actor,
    @Params(GetUsersParams) params: GetUsersParams,
  ): Promise<{ members: UserWire[] }> {
    const members = await this.queryBus.execute<GetUsersQuery, UserWire[]>(
      new GetUsersQuery(user.realmId, user, params.client_gravatar, params.include_custom_profile_fields),
    );
    return { members };
  }

  @Get('users/me')
  ownUser(@CurrentUser() user: Actor): Promise<Record<string, unknown>> {
    return this.queryBus.execute(new GetOwnUserQuery(user.id));
  }

  @Get('users/:user_id')
  getUser(@CurrentUser() user: Actor, @Params(GetUserParams) params: GetUserParams): Promise<{ user: UserWire }> {
    return this.queryBus.execute(
      new GetUserQuery(user, userKey(params.user_id), params.client_gravatar, params.include_custom_profile_fields),
    );
  }

  @Post('fetch_api_key')
  @PublicEndpoint()
  fetchApiKey(
    @CurrentRealm() realm: RealmRef,
    @Params(FetchApiKeyParams) params: FetchApiKeyParams,
  ): Promise<FetchedApiKey> {
    return this.queryBus.execute(new FetchApiKeyQuery(realm.id, params.username, params.password));
  }
}

/** Zulip's URL patterns: digits are an id, anything with an `@` an email; nothing else matches. */
function userKey(raw: string): UserKey {
  if (/^\d+$/.test(raw)) return { kind: 'id', userId: Number(raw) };
  if (raw.includes('@')) return { kind: 'email', email: raw };
  throw new ApiError('Not found', 'BAD_REQUEST', 404);
}
