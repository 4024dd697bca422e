import { Controller, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import {
  expectIdsOrEmails,
  expectList,
  expectObject,
  expectString,
  keyPath,
} from '../../wire/params/json-shapes';
import { ApiError } from '../../shared/api-error';
import { RequestUser } from '../../wire/request-context';
import { RequestedChannel, SubscribeCommand, SubscribeResult } from '../commands/subscribe.command';
import { GetSubscriptionStateQuery, SubscriptionState } from '../queries/get-subscriptions.query';

class GetSubscriptionsParams {
  @WireParam('bool', { default: false }) include_subscribers!: boolean;
}

class SubscribeParams {
  @WireParam('json') subscriptions!: unknown;
  @WireParam('json', { optional: true }) principals?: unknown;
  @WireParam('bool', { default: true }) authorization_errors_fatal!: boolean;
  @WireParam('bool', { default: false }) invite_only!: boolean;
  @WireParam('bool', { optional: true }) history_public_to_subscribers?: boolean;
  @WireParam('bool', { default: false }) is_default_stream!: boolean;
}

@Controller('api/v1')
export class ChannelsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('users/me/subscriptions')
  async listSubscriptions(
    @CurrentUser() user: RequestUser,
    @Params(GetSubscriptionsParams) p: GetSubscriptionsParams,
  ): Promise<{ subscriptions: SubscriptionState['subscriptions'] }> {
    const state = await this.queryBus.execute<GetSubscriptionStateQuery, SubscriptionState>(
      new GetSubscriptionStateQuery(user.id, p.include_subscribers, false),
    );
    return { subscriptions: state.subscriptions };
  }

  @Post('users/me/subscriptions')
  subscribe(@CurrentUser() user: RequestUser, @Params(SubscribeParams) p: SubscribeParams): Promise<SubscribeResult> {
    const channels = parseRequestedChannels(p.subscriptions);
    const principals = p.principals === undefined || p.principals === null ? null : expectIdsOrEmails('principals', p.principals);
    return this.commandBus.execute(
      new SubscribeCommand(
        user,
        channels,
        principals,
        p.authorization_errors_fatal,
        p.invite_only,
        p.history_public_to_subscribers,
        p.is_default_stream,
      ),
    );
  }
}

function parseRequestedChannels(value: unknown): RequestedChannel[] {
  return expectList('subscriptions', value).map((item, index) => {
    const name = `subscriptions[${index}]`;
    const entry = expectObject(name, item);
    if (!('name' in entry)) throw ApiError.badRequest(`name key is missing from ${name}`);
    return {
      name: expectString(keyPath(name, 'name'), entry.name),
      description: entry.description === undefined ? '' : expectString(keyPath(name, 'description'), entry.description),
    };
  });
}
