import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { Queryable, UnitOfWork } from '../../platform/database/unit-of-work';
import { ApiError } from '../../shared/api-error';
import { GroupRepository } from '../../groups/persistence/group.repository';
import { RealmGroupSettingsRepository } from '../../groups/persistence/realm-group-settings.repository';
import { isAdministrator, isGuest } from '../../users/domain/roles';
import { effectiveSettings } from '../../users/domain/user-settings';
import { UserEntity } from '../../users/persistence/user.entity';
import { UserRepository } from '../../users/persistence/user.repository';
import { RequestUser } from '../../wire/request-context';
import { ChannelPresenter } from '../api/channel.presenter';
import { checkChannelDescription, checkChannelName } from '../domain/channel-rules';
import { AddedSubscription, ChannelsCreatedEvent, UsersSubscribedEvent } from '../events/channel-events';
import { ChannelAudience } from '../persistence/channel-audience';
import { ChannelRepository } from '../persistence/channel.repository';
import { StreamEntity } from '../persistence/stream.entity';
import { SubscriptionRepository, SubscriptionRequest } from '../persistence/subscription.repository';

export interface RequestedChannel {
  name: string;
  description: string;
}

/** `POST /users/me/subscriptions`: subscribe users, creating channels that do not exist. */
export class SubscribeCommand {
  constructor(
    readonly actor: RequestUser,
    readonly channels: readonly RequestedChannel[],
    /** User ids or emails; null means the actor. */
    readonly principals: readonly (number | string)[] | null,
    readonly authorizationErrorsFatal: boolean,
    readonly inviteOnly: boolean,
    readonly historyPublicToSubscribers: boolean | undefined,
    readonly isDefaultStream: boolean,
  ) {}
}

export interface SubscribeResult {
  subscribed: Record<string, string[]>;
  already_subscribed: Record<string, string[]>;
  unauthorized?: string[];
}

@CommandHandler(SubscribeCommand)
export class SubscribeHandler implements ICommandHandler<SubscribeCommand, SubscribeResult> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly channels: ChannelRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly users: UserRepository,
    private readonly presenter: ChannelPresenter,
    private readonly audience: ChannelAudience,
    private readonly groups: GroupRepository,
    private readonly realmSettings: RealmGroupSettingsRepository,
  ) {}

  async execute(command: SubscribeCommand): Promise<SubscribeResult> {
    const requested = dedupeByName(
      command.channels.map((channel) => ({
        name: checkChannelName(channel.name),
        description: checkChannelDescription(channel.description),
      })),
    );
    const { actor } = command;
    return this.tx.run(async (uow) => {
      const principals = await this.resolvePrincipals(uow, actor, command.principals);
      const subscribingOthers = principals.some((user) => user.id !== actor.id);
      if (subscribingOthers && isGuest(actor.role)) throw ApiError.badRequest('Insufficient permission');

      const existing = new Map(
        (await this.channels.findByNames(actor.realmId, requested.map((channel) => channel.name), uow))
          .map((stream) => [stream.name.toLowerCase(), stream] as const),
      );
      const authorized: StreamEntity[] = [];
      const created: StreamEntity[] = [];
      const unauthorized: string[] = [];
      for (const channel of requested) {
        let stream = existing.get(channel.name.toLowerCase());
        if (!stream) {
          stream = (await this.create(uow, command, channel)) ?? undefined;
          if (stream) created.push(stream);
          else stream = (await this.channels.findByName(actor.realmId, channel.name, uow)) ?? undefined;
          if (!stream) throw new Error(`channel ${channel.name} neither created nor found`);
          if (created.includes(stream)) {
            authorized.push(stream);
            continue;
          }
        }
        if (await this.mayAccess(actor, stream, uow)) authorized.push(stream);
        else if (command.authorizationErrorsFatal) throw ApiError.badRequest(`Unable to access channel (${stream.name}).`);
        else unauthorized.push(stream.name);
      }

      const requests: SubscriptionRequest[] = principals.flatMap((user) =>
        authorized.map((stream) => ({ userId: user.id, stream })),
      );
      const { added, already } = await this.subscriptions.subscribe(uow, requests);
      await this.recordEvents(uow, actor.realmId, created, added, principals);

      const result: SubscribeResult = {
        subscribed: groupNames(added),
        already_subscribed: groupNames(already),
      };
      if (!command.authorizationErrorsFatal) result.unauthorized = unauthorized;
      return result;
    });
  }

  private async create(uow: UnitOfWork, command: SubscribeCommand, channel: RequestedChannel): Promise<StreamEntity | null> {
    const { actor } = command;
    // Zulip's check_channel_creation_permissions: the realm's can_create_*_channel_group.
    const setting = command.inviteOnly ? 'can_create_private_channel_group' : 'can_create_public_channel_group';
    const allowedGroup = await this.realmSettings.groupId(actor.realmId, setting, uow);
    if (!(await this.groups.isMember(actor.id, allowedGroup, uow))) throw ApiError.badRequest('Insufficient permission');
    if (command.isDefaultStream && command.inviteOnly) {
      throw ApiError.badRequest('A default channel cannot be private.');
    }
    if (command.isDefaultStream && !isAdministrator(actor.role)) throw ApiError.badRequest('Insufficient permission');
    const stream = await this.channels.insert(uow, {
      realmId: actor.realmId,
      name: channel.name,
      description: channel.description,
      inviteOnly: command.inviteOnly,
      isWebPublic: false,
      // Public channels always share history; private ones do only when asked to.
      historyPublicToSubscribers: !command.inviteOnly || (command.historyPublicToSubscribers ?? false),
      messageRetentionDays: null,
      creatorId: actor.id,
    });
    if (stream && command.isDefaultStream) await this.channels.addDefaultChannel(uow, actor.realmId, stream.id);
    return stream;
  }

  /** Public channels are open to non-guests; private ones to their subscribers and admins. */
  private async mayAccess(actor: RequestUser, stream: StreamEntity, db: Queryable): Promise<boolean> {
    if (!stream.inviteOnly) return !isGuest(actor.role) || (await this.subscriptions.isSubscribed(actor.id, stream.recipientId as number, db));
    if (isAdministrator(actor.role)) return true;
    return this.subscriptions.isSubscribed(actor.id, stream.recipientId as number, db);
  }

  private async resolvePrincipals(
    uow: UnitOfWork,
    actor: RequestUser,
    principals: readonly (number | string)[] | null,
  ): Promise<UserEntity[]> {
    if (principals === null || principals.length === 0) {
      const self = await this.users.findById(actor.id, uow);
      return self ? [self] : [];
    }
    const users: UserEntity[] = [];
    for (const principal of new Set(principals)) {
      const user = typeof principal === 'number'
        ? await this.users.findInRealm(actor.realmId, principal, uow)
        : await this.users.findByDeliveryEmail(actor.realmId, principal, uow);
      if (!user || !user.isActive) {
        throw ApiError.badRequest(`User not authorized to execute queries on behalf of '${principal}'`);
      }
      if (!users.some((known) => known.id === user.id)) users.push(user);
    }
    return users;
  }

  private async recordEvents(
    uow: UnitOfWork,
    realmId: number,
    created: readonly StreamEntity[],
    added: readonly SubscriptionRequest[],
    principals: readonly UserEntity[],
  ): Promise<void> {
    const touched = [...new Map(added.map((request) => [request.stream.id, request.stream])).values()];
    const subscribers = await this.subscriptions.subscriberIds(
      [...new Set([...created, ...touched].map((stream) => stream.recipientId as number))],
      uow,
    );
    const subscribersOf = (stream: StreamEntity) => subscribers.get(stream.recipientId as number) ?? [];

    if (created.length > 0) {
      const wires = await this.presenter.channels(created, uow);
      const channels = [];
      for (const [index, stream] of created.entries()) {
        channels.push({ channel: wires[index], audienceUserIds: await this.audience.userIds(stream, subscribersOf(stream), uow) });
      }
      uow.record(new ChannelsCreatedEvent(realmId, channels));
    }
    if (added.length === 0) return;

    const perUser = new Map<number, StreamEntity[]>();
    for (const request of added) perUser.set(request.userId, [...(perUser.get(request.userId) ?? []), request.stream]);
    const addedEvents: { userId: number; subscriptions: AddedSubscription[] }[] = [];
    for (const [userId, streams] of perUser) {
      const user = principals.find((principal) => principal.id === userId) as UserEntity;
      const settings = effectiveSettings(user.settings);
      const rows = (await this.subscriptions.channelSubscriptionsOf(userId, uow)).filter((row) =>
        streams.some((stream) => stream.id === row.stream.id),
      );
      const entries = rows.map((row) => ({ ...row, subscribers: subscribersOf(row.stream) }));
      const withNulls = await this.presenter.subscriptions(entries, settings, true, uow);
      const resolved = await this.presenter.subscriptions(entries, settings, false, uow);
      addedEvents.push({
        userId,
        subscriptions: withNulls.map((wire, index) => ({ withNulls: wire, resolved: resolved[index] })),
      });
    }
    const peers = [];
    for (const stream of touched) {
      const newUserIds = added.filter((request) => request.stream.id === stream.id).map((request) => request.userId);
      const audience = (await this.audience.userIds(stream, subscribersOf(stream), uow)).filter(
        (userId) => !newUserIds.includes(userId),
      );
      peers.push({ streamIds: [stream.id], userIds: newUserIds.sort((a, b) => a - b), audienceUserIds: audience });
    }
    uow.record(new UsersSubscribedEvent(realmId, addedEvents, peers));
  }
}

function dedupeByName(channels: RequestedChannel[]): RequestedChannel[] {
  const seen = new Map<string, RequestedChannel>();
  for (const channel of channels) if (!seen.has(channel.name.toLowerCase())) seen.set(channel.name.toLowerCase(), channel);
  return [...seen.values()];
}

function groupNames(requests: readonly SubscriptionRequest[]): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const request of requests) (result[String(request.userId)] ??= []).push(request.stream.name);
  return result;
}
