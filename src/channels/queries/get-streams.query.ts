import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { poolQueryable } from '../../platform/database/unit-of-work';
import { ApiError } from '../../shared/api-error';
import { isAdministrator, isGuest } from '../../users/domain/roles';
import { UserRepository } from '../../users/persistence/user.repository';
import { RequestUser } from '../../wire/request-context';
import { ChannelPresenter, ChannelWire } from '../api/channel.presenter';
import { hasContentAccess, hasMetadataAccess } from '../domain/channel-access';
import { ChannelRepository } from '../persistence/channel.repository';
import { StreamEntity } from '../persistence/stream.entity';

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
    readonly user: RequestUser,
    readonly filters: StreamFilters,
  ) {}
}

@QueryHandler(GetStreamsQuery)
export class GetStreamsHandler implements IQueryHandler<GetStreamsQuery, ChannelWire[]> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly channels: ChannelRepository,
    private readonly users: UserRepository,
    private readonly presenter: ChannelPresenter,
  ) {}

  async execute({ user, filters }: GetStreamsQuery): Promise<ChannelWire[]> {
    if (filters.includeAllActive && !isAdministrator(user.role)) {
      throw ApiError.badRequest('User not authorized for this query');
    }
    const db = poolQueryable(this.dataSource);
    const streams = await this.channels.listInRealm(user.realmId, db);
    const subscribed = await subscribedStreamIds(db, user.id);
    const ownerSubscribed =
      filters.includeOwnerSubscribed && user.isBot ? await this.ownerSubscriptions(user.id) : new Set<number>();
    const facts = (stream: StreamEntity) => ({
      inviteOnly: stream.inviteOnly,
      isWebPublic: stream.isWebPublic,
      deactivated: stream.deactivated,
      subscribed: subscribed.has(stream.id),
      role: user.role,
    });
    const chosen = streams.filter((stream) => {
      if (filters.excludeArchived && stream.deactivated) return false;
      if ((filters.includeAll || filters.includeAllActive) && hasMetadataAccess(facts(stream))) return true;
      if (filters.includePublic && !stream.inviteOnly && !isGuest(user.role)) return true;
      if (filters.includeWebPublic && stream.isWebPublic) return true;
      if (filters.includeSubscribed && subscribed.has(stream.id)) return true;
      if (filters.includeCanAccessContent && hasContentAccess(facts(stream))) return true;
      return ownerSubscribed.has(stream.id);
    });
    chosen.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const wires = await this.presenter.channels(chosen, db);
    if (!filters.includeDefault) return wires;
    const defaults = new Set(await this.channels.defaultChannelIds(user.realmId, db));
    return wires.map((wire) => ({ ...wire, is_default: defaults.has(wire.stream_id) }));
  }

  private async ownerSubscriptions(botId: number): Promise<Set<number>> {
    const bot = await this.users.findById(botId);
    if (!bot?.botOwnerId) return new Set();
    return subscribedStreamIds(poolQueryable(this.dataSource), bot.botOwnerId);
  }
}

export async function subscribedStreamIds(db: ReturnType<typeof poolQueryable>, userId: number): Promise<Set<number>> {
  const rows = await db.query<{ type_id: number }>(
    `SELECT r.type_id FROM subscription s JOIN recipient r ON r.id = s.recipient_id
      WHERE s.user_profile_id = $1 AND s.active AND r.type = 2`,
    [userId],
  );
  return new Set(rows.map((row) => row.type_id));
}
