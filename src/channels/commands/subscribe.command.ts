import { Injectable } from '@nestjs/common';
import { DescriptionRenderer } from '../../realm/public/markdown.port';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { GroupSettingValue } from '../../groups/public/group-setting';
import { CHANNEL_GROUP_SETTINGS, ChannelGroupSetting } from '../../groups/public/permission-settings';
import { GroupSettingResolver } from '../../groups/commands/group-setting.resolver';
import { RealmGroupSettingsReader } from '../../groups/queries/realm-group-settings.reader';
import { ServerSettings } from '../../platform/config/settings';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { insufficientPermission, requireNonGuestUser, requireRealmOwner } from '../../shared/authorization';
import { isAdministrator } from '../../shared/roles';
import { UserRow } from '../../users/public/user-row';
import { Actor } from '../../shared/actor';
import { ChannelPolicy, PolicyActor } from '../public/channel-policy';
import { checkChannelDescription, checkChannelName } from '../public/channel-rules';
import { channelCreatedNotice } from '../public/channel-notices';
import { ChannelNoticeEvent, SubscriptionNoticesEvent } from '../events/channel-notice-events';
import { ChannelRepository } from '../persistence/channel.repository';
import { PolicyActorLoader } from '../access/policy-actor.loader';
import { PrincipalResolver } from '../access/principal.resolver';
import { StreamRow } from '../public/stream-row';
import { SubscriptionRepository, SubscriptionRequest } from '../persistence/subscription.repository';
import { SubscriptionEventRecorder } from '../events/subscription-event.recorder';
import { Database } from '../../platform/database/database';

export interface RequestedChannel {
  name: string;
  /** Used only when the channel is created. */
  description: string;
  /** The subscription's color, for every user this request subscribes. */
  color?: string;
}

/** Settings of channels the request creates; ignored for channels that exist (as in Zulip). */
export interface NewChannelSettings {
  inviteOnly: boolean;
  isWebPublic: boolean;
  isDefaultStream: boolean;
  historyPublicToSubscribers: boolean | undefined;
  /** Days, -1 for unlimited, null for the realm's default. */
  messageRetentionDays: number | null;
  groupSettings: Partial<Record<ChannelGroupSetting, GroupSettingValue>>;
}

/** `POST /users/me/subscriptions`: subscribe users, creating channels that do not exist. */
export class SubscribeCommand {
  constructor(
    readonly actor: Actor,
    readonly channels: readonly RequestedChannel[],
    /** User ids or emails; null means the actor. */
    readonly principals: readonly (number | string)[] | null,
    readonly authorizationErrorsFatal: boolean,
    readonly announce: boolean,
    readonly newChannels: NewChannelSettings,
  ) {}
}

export interface SubscribeResult {
  subscribed: Record<string, string[]>;
  already_subscribed: Record<string, string[]>;
  unauthorized?: string[];
}

/**
 * The work of a subscription, inside a transaction the caller holds: the subscribe
 * command's, and `PATCH /users/me/subscriptions`'s with an unsubscription in the same
 * transaction (Zulip's `compose_views`).
 */
@Injectable()
export class SubscriptionAdder {
  constructor(
    private readonly server: ServerSettings,
    private readonly channels: ChannelRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly principals: PrincipalResolver,
    private readonly actors: PolicyActorLoader,
    private readonly realms: RealmDirectory,
    private readonly realmSettings: RealmGroupSettingsReader,
    private readonly groupSettings: GroupSettingResolver,
    private readonly recorder: SubscriptionEventRecorder,
    private readonly database: Database,
    private readonly descriptions: DescriptionRenderer,
  ) {}

  async apply(command: SubscribeCommand): Promise<SubscribeResult> {
    const { actor } = command;
    // Zulip's `require_non_guest_user` on this endpoint.
    requireNonGuestUser(actor);
    const requested = dedupeByName(
      command.channels.map((channel) => ({
        ...channel,
        name: checkChannelName(channel.name),
        description: checkChannelDescription(channel.description),
      })),
    );
    const policyActor = await this.actors.load(actor.id);
    const principals = await this.principals.resolve(actor.realmId, actor.id, command.principals);
    const subscribingOthers = principals.some((user) => user.id !== actor.id);

    const found = new Map(
      (await this.channels.findByNames(actor.realmId, requested.map((channel) => channel.name)))
        .map((stream) => [stream.name.toLowerCase(), stream] as const),
    );
    const missing = requested.filter((channel) => !found.has(channel.name.toLowerCase()));
    const created: StreamRow[] = [];
    const existing: StreamRow[] = requested
      .map((channel) => found.get(channel.name.toLowerCase()))
      .filter((stream): stream is StreamRow => stream !== undefined);
    if (missing.length > 0) {
      await this.checkCreation(actor, policyActor, command.newChannels);
      for (const channel of missing) {
        const stream = await this.create(actor, channel, command.newChannels);
        if (stream) created.push(stream);
        else {
          // A concurrent request created it first: treat it as an existing channel.
          const raced = await this.channels.findByName(actor.realmId, channel.name);
          if (!raced) throw new Error(`channel ${channel.name} neither created nor found`);
          existing.push(raced);
        }
      }
    }

    const { authorized, unauthorized, cannotAdd } = await this.authorize(policyActor, existing, subscribingOthers);
    if (unauthorized.length > 0 && command.authorizationErrorsFatal) {
      throw ApiError.badRequest(`Unable to access channel (${unauthorized[0].name}).`);
    }
    if (cannotAdd.length > 0) throw insufficientPermission();

    const colors = new Map(requested.map((channel) => [channel.name.toLowerCase(), channel.color] as const));
    const requests: SubscriptionRequest[] = principals.flatMap((user) =>
      [...authorized, ...created].map((stream) => ({ userId: user.id, stream, color: colors.get(stream.name.toLowerCase()) })),
    );
    const { added, already } = await this.subscriptions.subscribe(requests);
    await this.recorder.recordSubscribed(actor.realmId, created, added, principals);
    this.recordNotices(command, created, added, principals);

    const result: SubscribeResult = {
      subscribed: groupNames(added),
      already_subscribed: groupNames(already),
    };
    if (!command.authorizationErrorsFatal) result.unauthorized = unauthorized.map((stream) => stream.name);
    return result;
  }

  /**
   * Zulip's `check_channel_creation_permissions`: the realm's groups for creating public,
   * private and web-public channels; default channels by administrators only; a retention
   * policy by owners only.
   */
  private async checkCreation(actor: Actor, policyActor: PolicyActor, settings: NewChannelSettings): Promise<void> {
    const realmGroups = await this.realmSettings.all(actor.realmId);
    const allowed = (name: string) => policyActor.groupIds.has(realmGroups.get(name) as number);
    if (settings.inviteOnly && !allowed('can_create_private_channel_group')) throw insufficientPermission();
    if (!settings.inviteOnly && !allowed('can_create_public_channel_group')) throw insufficientPermission();
    if (settings.isDefaultStream && !isAdministrator(actor.role)) throw insufficientPermission();
    if (settings.inviteOnly && settings.isDefaultStream) throw ApiError.badRequest('A default channel cannot be private.');
    if (settings.isWebPublic) {
      const realm = await this.realms.requireById(actor.realmId);
      if (!this.server.webPublicStreamsEnabled || !realm.enableSpectatorAccess) {
        throw ApiError.badRequest('Web-public channels are not enabled.');
      }
      if (!allowed('can_create_web_public_channel_group')) throw insufficientPermission();
    }
    if (settings.messageRetentionDays !== null) requireRealmOwner(actor);
  }

  private async create(
    actor: Actor,
    channel: RequestedChannel,
    settings: NewChannelSettings,
  ): Promise<StreamRow | null> {
    // Each channel gets groups of its own: an anonymous group backs one setting of one channel.
    const groups: Partial<Record<ChannelGroupSetting, number>> = {};
    for (const [name, value] of Object.entries(settings.groupSettings) as [ChannelGroupSetting, GroupSettingValue][]) {
      groups[name] = await this.groupSettings.resolve(actor.realmId, name, value, CHANNEL_GROUP_SETTINGS[name]);
    }
    const stream = await this.channels.insert({
      realmId: actor.realmId,
      name: channel.name,
      description: channel.description,
      renderedDescription: await this.descriptions.renderDescription(actor.realmId, channel.description, actor.id),
      inviteOnly: settings.inviteOnly,
      isWebPublic: settings.isWebPublic,
      // Public channels always share history; private ones do only when asked to.
      historyPublicToSubscribers: !settings.inviteOnly || (settings.historyPublicToSubscribers ?? false),
      messageRetentionDays: settings.messageRetentionDays,
      creatorId: actor.id,
      groups,
    });
    if (stream && settings.isDefaultStream) await this.channels.addDefaultChannel(actor.realmId, stream.id);
    return stream;
  }

  /**
   * As in Zulip, joining needs content access; adding others needs the
   * right to add subscribers, and without even content access the channel is
   * "unauthorized" rather than "insufficient permission".
   */
  private async authorize(actor: PolicyActor, streams: readonly StreamRow[], subscribingOthers: boolean) {
    const subscribed = await this.subscriptions.subscribedRecipientIds(
      actor.id,
      streams.map((stream) => stream.recipientId as number),
    );
    const authorized: StreamRow[] = [];
    const unauthorized: StreamRow[] = [];
    const cannotAdd: StreamRow[] = [];
    for (const stream of streams) {
      const isSubscribed = subscribed.has(stream.recipientId as number);
      if (!ChannelPolicy.hasContentAccess(actor, stream, isSubscribed)) {
        unauthorized.push(stream);
      } else if (subscribingOthers && !ChannelPolicy.canAddSubscribers(actor, stream, isSubscribed)) {
        cannotAdd.push(stream);
      } else {
        authorized.push(stream);
      }
    }
    return { authorized, unauthorized, cannotAdd };
  }

  private recordNotices(
    command: SubscribeCommand,
    created: readonly StreamRow[],
    added: readonly SubscriptionRequest[],
    principals: readonly UserRow[],
  ): void {
    const { actor } = command;
    const createdIds = new Set(created.map((stream) => stream.id));
    const subscribedByOthers: { userId: number; channelNames: string[] }[] = [];
    for (const user of principals) {
      // Nobody is told of their own doing, bots are never told, and new channels go unmentioned.
      if (user.id === actor.id || user.isBot) continue;
      const names = added
        .filter((request) => request.userId === user.id && !createdIds.has(request.stream.id))
        .map((request) => request.stream.name);
      if (names.length > 0) subscribedByOthers.push({ userId: user.id, channelNames: names });
    }
    // Zulip's send_messages_for_new_subscribers, in its order: the direct messages and the
    // announcement, then each new channel's note of who created it, read by its creator.
    const announced = command.announce ? created.map((stream) => ({ id: stream.id, name: stream.name })) : [];
    if (announced.length > 0 || subscribedByOthers.length > 0) {
      this.database.record(
        new SubscriptionNoticesEvent(actor.realmId, { id: actor.id, fullName: actor.fullName }, announced, subscribedByOthers),
      );
    }
    for (const stream of created) {
      this.database.record(new ChannelNoticeEvent(actor.realmId, stream.id, channelCreatedNotice(actor, stream), [actor.id]));
    }
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

@CommandHandler(SubscribeCommand)
export class SubscribeHandler implements ICommandHandler<SubscribeCommand, SubscribeResult> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly adder: SubscriptionAdder,
    private readonly database: Database,
  ) {}

  execute(command: SubscribeCommand): Promise<SubscribeResult> {
    return this.tx.run(() => this.adder.apply(command));
  }
}
