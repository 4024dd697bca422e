import { Controller, Get, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { IsNotEmpty } from 'class-validator';
import { CurrentRealm, CurrentUser, PublicEndpoint } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { RealmRef } from '../../shared/realm-ref';
import { Actor } from '../../shared/actor';
import { FetchApiKeyQuery, FetchedApiKey } from '../queries/fetch-api-key.query';
import { GetOwnUserQuery, GetUsersQuery, OwnUser, UserListing } from '../queries/get-users.query';
import { FoundUser, GetUserQuery, UserKey } from '../queries/get-user.query';
import { ApiError } from '../../shared/api-error';
import { presentUser, UserWire } from './user.presenter';

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
    const { users, realmHostName, profiles } = await this.queryBus.execute<GetUsersQuery, UserListing>(
      new GetUsersQuery(user.realmId, params.include_custom_profile_fields),
    );
    const options = { clientGravatar: params.client_gravatar };
    const members = users.map((member) => {
      const wire = presentUser(member, realmHostName, user, options);
      if (profiles && !member.isBot) wire.profile_data = profiles.get(member.id) ?? {};
      return wire;
    });
    return { members };
  }

  @Get('users/me')
  async ownUser(@CurrentUser() user: Actor): Promise<Record<string, unknown>> {
    const own = await this.queryBus.execute<GetOwnUserQuery, OwnUser>(new GetOwnUserQuery(user.id));
    return {
      ...presentUser(own.user, own.realmHostName, own.user, { clientGravatar: false }),
      ...(own.profileData ? { profile_data: own.profileData } : {}),
      max_message_id: own.maxMessageId,
    };
  }

  @Get('users/:user_id')
  async getUser(@CurrentUser() user: Actor, @Params(GetUserParams) params: GetUserParams): Promise<{ user: UserWire }> {
    const found = await this.queryBus.execute<GetUserQuery, FoundUser>(
      new GetUserQuery(user, userKey(params.user_id), params.include_custom_profile_fields),
    );
    const wire = presentUser(found.user, found.realmHostName, user, { clientGravatar: params.client_gravatar });
    if (found.profileData) wire.profile_data = found.profileData;
    return { user: wire };
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
