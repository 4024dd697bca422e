import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import { parseRetentionDays } from '../public/channel-rules';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { parseGroupSettingValue } from '../../groups/public/group-setting';
import { CHANNEL_GROUP_SETTINGS, ChannelGroupSetting } from '../../groups/public/permission-settings';
import { ApiError } from '../../shared/api-error';
import { CurrentUser } from '../../wire/decorators';
import {
  expectIdsOrEmails,
  expectInteger,
  expectList,
  expectObject,
  expectString,
  expectStringList,
  keyPath,
} from '../../shared/json-shapes';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { NewChannelSettings, RequestedChannel, SubscribeCommand, SubscribeResult } from '../commands/subscribe.command';
import { UnsubscribeCommand, UnsubscribeResult } from '../commands/unsubscribe.command';
import { UpdateSubscriptionsCommand, UpdateSubscriptionsResult } from '../commands/update-subscriptions.command';
import { UpdateSubscriptionPropertiesCommand } from '../commands/update-subscription-properties.command';
import { checkColor, checkSubscriptionPropertyChange, SubscriptionPropertyChange } from '../domain/subscription-properties';
import { GetSubscriptionStatusQuery } from '../queries/get-subscription-status.query';
import { GetSubscriptionStateQuery, SubscriptionState } from '../queries/get-subscriptions.query';
import { presentSubscriptions, SubscriptionWire } from './channel.presenter';

class GetSubscriptionsParams {
  @WireParam('bool', { default: false }) include_subscribers!: boolean;
}

class SubscribeParams {
  @WireParam('json') subscriptions!: unknown;
  @WireParam('json', { optional: true }) principals?: unknown;
  @WireParam('bool', { default: true }) authorization_errors_fatal!: boolean;
  @WireParam('bool', { default: false }) announce!: boolean;
  @WireParam('bool', { default: false }) invite_only!: boolean;
  @WireParam('bool', { default: false }) is_web_public!: boolean;
  @WireParam('bool', { default: false }) is_default_stream!: boolean;
  @WireParam('bool', { optional: true }) history_public_to_subscribers?: boolean;
  @WireParam('string', { optional: true }) message_retention_days?: string;
  @WireParam('json', { optional: true }) can_add_subscribers_group?: unknown;
  @WireParam('json', { optional: true }) can_remove_subscribers_group?: unknown;
  @WireParam('json', { optional: true }) can_administer_channel_group?: unknown;
  @WireParam('json', { optional: true }) can_send_message_group?: unknown;
  @WireParam('json', { optional: true }) can_subscribe_group?: unknown;
}

class UnsubscribeParams {
  @WireParam('json') subscriptions!: unknown;
  @WireParam('json', { optional: true }) principals?: unknown;
}

class UpdateSubscriptionsParams {
  @WireParam('json', { optional: true }) add?: unknown;
  @WireParam('json', { optional: true }) delete?: unknown;
}

class PropertiesParams {
  @WireParam('json') subscription_data!: unknown;
}

class PropertyParams {
  @WireParam('int', { path: true }) stream_id!: number;
  @WireParam('string') property!: string;
  @WireParam('string') value!: string;
}

class StatusParams {
  @WireParam('int', { path: true }) user_id!: number;
  @WireParam('int', { path: true }) stream_id!: number;
}

/** The current user's subscriptions, and other users' where the rules allow. */
@Controller('api/v1')
export class SubscriptionsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('users/me/subscriptions')
  async listSubscriptions(
    @CurrentUser() user: Actor,
    @Params(GetSubscriptionsParams) p: GetSubscriptionsParams,
  ): Promise<{ subscriptions: SubscriptionWire[] }> {
    const state = await this.queryBus.execute<GetSubscriptionStateQuery, SubscriptionState>(
      new GetSubscriptionStateQuery(user.id, p.include_subscribers),
    );
    return { subscriptions: presentSubscriptions(state.subscribed, state.settings, false) };
  }

  @Post('users/me/subscriptions')
  subscribe(@CurrentUser() user: Actor, @Params(SubscribeParams) p: SubscribeParams): Promise<SubscribeResult> {
    const groupSettings: NewChannelSettings['groupSettings'] = {};
    for (const name of Object.keys(CHANNEL_GROUP_SETTINGS) as ChannelGroupSetting[]) {
      const raw = p[name];
      if (raw !== undefined) groupSettings[name] = parseGroupSettingValue(name, raw);
    }
    return this.commandBus.execute(
      new SubscribeCommand(user, parseRequestedChannels(p.subscriptions), parsePrincipals(p.principals), p.authorization_errors_fatal, p.announce, {
        inviteOnly: p.invite_only,
        isWebPublic: p.is_web_public,
        isDefaultStream: p.is_default_stream,
        historyPublicToSubscribers: p.history_public_to_subscribers,
        messageRetentionDays: parseRetentionDays(p.message_retention_days),
        groupSettings,
      }),
    );
  }

  @Delete('users/me/subscriptions')
  unsubscribe(@CurrentUser() user: Actor, @Params(UnsubscribeParams) p: UnsubscribeParams): Promise<UnsubscribeResult> {
    return this.commandBus.execute(
      new UnsubscribeCommand(user, expectStringList('subscriptions', p.subscriptions), parsePrincipals(p.principals)),
    );
  }

  /** Zulip's `update_subscriptions_backend`: `add` then `delete`, one answer with both results. */
  @Patch('users/me/subscriptions')
  updateSubscriptions(
    @CurrentUser() user: Actor,
    @Params(UpdateSubscriptionsParams) p: UpdateSubscriptionsParams,
  ): Promise<UpdateSubscriptionsResult> {
    const add = p.add === undefined || p.add === null ? [] : parseRequestedChannels(p.add, 'add');
    const remove = p.delete === undefined || p.delete === null ? [] : expectStringList('delete', p.delete);
    return this.commandBus.execute(new UpdateSubscriptionsCommand(user, add, remove));
  }

  @Post('users/me/subscriptions/properties')
  async updateProperties(@CurrentUser() user: Actor, @Params(PropertiesParams) p: PropertiesParams): Promise<Record<string, never>> {
    const changes = expectList('subscription_data', p.subscription_data).map((item, index) => {
      const name = `subscription_data[${index}]`;
      const entry = expectObject(name, item);
      for (const key of ['stream_id', 'property', 'value']) {
        if (!(key in entry)) throw ApiError.badRequest(`${key} key is missing from ${name}`);
      }
      return checkSubscriptionPropertyChange(
        expectInteger(keyPath(name, 'stream_id'), entry.stream_id),
        expectString(keyPath(name, 'property'), entry.property),
        entry.value,
      );
    });
    await this.commandBus.execute(new UpdateSubscriptionPropertiesCommand(user, changes));
    return {};
  }

  /** Zulip's single-change form (`update_subscriptions_property`): `value` is JSON when it parses as a boolean. */
  @Patch('users/me/subscriptions/:stream_id')
  async updateProperty(@CurrentUser() user: Actor, @Params(PropertyParams) p: PropertyParams): Promise<Record<string, never>> {
    const value = p.value === 'true' ? true : p.value === 'false' ? false : p.value;
    const change: SubscriptionPropertyChange = checkSubscriptionPropertyChange(p.stream_id, p.property, value);
    await this.commandBus.execute(new UpdateSubscriptionPropertiesCommand(user, [change]));
    return {};
  }

  @Get('users/:user_id/subscriptions/:stream_id')
  subscriptionStatus(@CurrentUser() user: Actor, @Params(StatusParams) p: StatusParams): Promise<{ is_subscribed: boolean }> {
    return this.queryBus.execute(new GetSubscriptionStatusQuery(user, p.user_id, p.stream_id));
  }
}

function parsePrincipals(raw: unknown): number[] | string[] | null {
  return raw === undefined || raw === null ? null : expectIdsOrEmails('principals', raw);
}

function parseRequestedChannels(value: unknown, param = 'subscriptions'): RequestedChannel[] {
  return expectList(param, value).map((item, index) => {
    const name = `${param}[${index}]`;
    const entry = expectObject(name, item);
    if (!('name' in entry)) throw ApiError.badRequest(`name key is missing from ${name}`);
    const channel: RequestedChannel = {
      name: expectString(keyPath(name, 'name'), entry.name),
      // Zulip keeps descriptions to one line.
      description: entry.description === undefined ? '' : expectString(keyPath(name, 'description'), entry.description).replace(/\r?\n/g, ' '),
    };
    if (entry.color !== undefined) channel.color = checkColor(keyPath(name, 'color'), entry.color);
    return channel;
  });
}

