import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { notAuthorizedForQuery } from '../../shared/authorization';
import { isAdministrator, isGuest } from '../../shared/roles';
import { UserDirectory } from '../../users/queries/user-directory';
import { Actor } from '../../shared/actor';
import { ChannelView, ChannelViews } from './channel-views';
import { ChannelPolicy } from '../public/channel-policy';
import { PolicyActorLoader } from '../access/policy-actor.loader';
import { ChannelRepository } from '../persistence/channel.repository';
import { SubscriptionRepository } from '../persistence/subscription.repository';

export interface StreamFilters {
  includePublic: boolean;
  includeWebPublic: boolean;
  includeSubscribed: boolean;
  excludeArchived: boolean;
  includeAll: boolean;
  includeDefault: boolean;
  includeOwnerSubscribed: boolean;
  includeCanAccessContent: boolean;
  includeAllActive: boolean;
}

/** `GET /streams`: the channels the user may see, chosen by the filters, by name. */
export class GetStreamsQuery {
  constructor(
    readonly user: Actor,
    readonly filters: StreamFilters,
  ) {}
}

/** The chosen channels by name, and with `include_default` the realm's default channels' ids (else null). */
export interface ChannelListing {
  channels: ChannelView[];
  defaultChannelIds: ReadonlySet<number> | null;
}

@QueryHandler(GetStreamsQuery)
export class GetStreamsHandler implements IQueryHandler<GetStreamsQuery, ChannelListing> {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly users: UserDirectory,
    private readonly actors: PolicyActorLoader,
    private readonly views: ChannelViews,
    private readonly subscriptions: SubscriptionRepository,
  ) {}

  /** Zulip's `do_get_streams`, each source a ChannelPolicy decision. */
  async execute({ user, filters }: GetStreamsQuery): Promise<ChannelListing> {
    if (filters.includeAllActive && !isAdministrator(user.role)) throw notAuthorizedForQuery();
    const actor = await this.actors.load(user.id);
    const streams = await this.channels.listInRealm(user.realmId);
    const subscribed = await this.subscriptions.subscribedStreamIds(user.id);
    const ownerSubscribed =
      filters.includeOwnerSubscribed && user.isBot ? await this.ownerSubscriptions(user.id) : new Set<number>();
    const includeAll = filters.includeAll || filters.includeAllActive;
    const chosen = streams.filter((stream) => {
      if (filters.excludeArchived && stream.deactivated) return false;
      const isSubscribed = subscribed.has(stream.id);
      if (includeAll) return ChannelPolicy.hasMetadataAccess(actor, stream, isSubscribed);
      // Content access covers the public and subscribed sources too, as in Zulip.
      if (filters.includeCanAccessContent && ChannelPolicy.hasContentAccess(actor, stream, isSubscribed)) return true;
      if (filters.includePublic && !stream.inviteOnly && !isGuest(user.role)) return true;
      if (filters.includeWebPublic && stream.isWebPublic) return true;
      if (filters.includeSubscribed && isSubscribed) return true;
      return ownerSubscribed.has(stream.id);
    });
    chosen.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const channels = await this.views.of(chosen);
    const defaultChannelIds = filters.includeDefault ? new Set(await this.channels.defaultChannelIds(user.realmId)) : null;
    return { channels, defaultChannelIds };
  }

  private async ownerSubscriptions(botId: number): Promise<Set<number>> {
    const bot = await this.users.findById(botId);
    if (!bot?.botOwnerId) return new Set();
    return this.subscriptions.subscribedStreamIds(bot.botOwnerId);
  }
}
