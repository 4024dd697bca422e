import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { notAuthorizedForQuery } from '../../shared/authorization';
import { isAdministrator, isGuest } from '../../shared/roles';
import { UserDirectory } from '../../users/queries/user-directory';
import { Actor } from '../../shared/actor';
import { ChannelPresenter, ChannelWire } from '../api/channel.presenter';
import { ChannelPolicy } from '../public/channel-policy';
import { PolicyActorLoader } from '../access/policy-actor.loader';
import { ChannelRepository } from '../persistence/channel.repository';
import { Database } from '../../platform/database/database';

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

@QueryHandler(GetStreamsQuery)
export class GetStreamsHandler implements IQueryHandler<GetStreamsQuery, ChannelWire[]> {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly users: UserDirectory,
    private readonly actors: PolicyActorLoader,
    private readonly presenter: ChannelPresenter,
    private readonly database: Database,
  ) {}

  /** Zulip's `do_get_streams`, each source a ChannelPolicy decision. */
  async execute({ user, filters }: GetStreamsQuery): Promise<ChannelWire[]> {
    if (filters.includeAllActive && !isAdministrator(user.role)) throw notAuthorizedForQuery();
    const actor = await this.actors.load(user.id);
    const streams = await this.channels.listInRealm(user.realmId);
    const subscribed = await subscribedStreamIds(this.database, user.id);
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
    const wires = await this.presenter.channels(chosen);
    if (!filters.includeDefault) return wires;
    const defaults = new Set(await this.channels.defaultChannelIds(user.realmId));
    return wires.map((wire) => ({ ...wire, is_default: defaults.has(wire.stream_id) }));
  }

  private async ownerSubscriptions(botId: number): Promise<Set<number>> {
    const bot = await this.users.findById(botId);
    if (!bot?.botOwnerId) return new Set();
    return subscribedStreamIds(this.database, bot.botOwnerId);
  }
}

export async function subscribedStreamIds(database: Database, userId: number): Promise<Set<number>> {
  const rows = await database.query<{ type_id: number }>(
    `SELECT r.type_id FROM subscription s JOIN recipient r ON r.id = s.recipient_id
      WHERE s.user_profile_id = $1 AND s.active AND r.type = 2`,
    [userId],
  );
  return new Set(rows.map((row) => row.type_id));
}
