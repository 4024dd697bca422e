import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { poolQueryable, Queryable } from '../../platform/database/unit-of-work';
import { isAdministrator, isGuest } from '../../users/domain/roles';
import { effectiveSettings } from '../../users/domain/user-settings';
import { UserRepository } from '../../users/persistence/user.repository';
import { ChannelPresenter, ChannelWire, SubscriptionWire } from '../api/channel.presenter';
import { ChannelRepository } from '../persistence/channel.repository';
import { SubscriptionRepository } from '../persistence/subscription.repository';

/** The channel state of one user, as `GET /users/me/subscriptions` and register give it. */
export interface SubscriptionState {
  subscriptions: SubscriptionWire[];
  unsubscribed: SubscriptionWire[];
  never_subscribed: (ChannelWire & { subscribers?: number[] })[];
}

export class GetSubscriptionStateQuery {
  constructor(
    readonly userId: number,
    readonly includeSubscribers: boolean,
    readonly notificationSettingsNull: boolean,
  ) {}
}

/**
 * Active subscriptions, past ones, and the channels the user could join but never did,
 * each sorted by name. Subscribers are listed only where the user may see them.
 */
@QueryHandler(GetSubscriptionStateQuery)
export class GetSubscriptionStateHandler implements IQueryHandler<GetSubscriptionStateQuery, SubscriptionState> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly subscriptions: SubscriptionRepository,
    private readonly channels: ChannelRepository,
    private readonly users: UserRepository,
    private readonly presenter: ChannelPresenter,
  ) {}

  async execute(query: GetSubscriptionStateQuery): Promise<SubscriptionState> {
    const db: Queryable = poolQueryable(this.dataSource);
    const user = await this.users.findById(query.userId, db);
    if (!user) throw new Error(`user ${query.userId} vanished`);
    const settings = effectiveSettings(user.settings);
    const rows = (await this.subscriptions.channelSubscriptionsOf(user.id, db)).filter((row) => !row.stream.deactivated);
    const known = new Set(rows.map((row) => row.stream.id));
    const never = (await this.channels.listInRealm(user.realmId, db)).filter(
      (stream) => !known.has(stream.id) && !stream.deactivated && !stream.inviteOnly && !isGuest(user.role),
    );
    const subscribers = query.includeSubscribers
      ? await this.subscriptions.subscriberIds(
          [...rows.map((row) => row.stream), ...never].map((stream) => stream.recipientId as number),
          db,
        )
      : null;
    const activeRows = rows.filter((row) => row.subscription.active);
    const inactiveRows = rows.filter((row) => !row.subscription.active);
    // A past subscriber of a private channel no longer sees who is in it.
    const visible = (inviteOnly: boolean, active: boolean) => active || !inviteOnly || isAdministrator(user.role);
    const withSubscribers = (list: typeof rows, active: boolean) =>
      list.map((row) => ({
        ...row,
        subscribers:
          subscribers && visible(row.stream.inviteOnly, active)
            ? subscribers.get(row.stream.recipientId as number) ?? []
            : undefined,
      }));
    const byName = <T extends { name: string }>(list: T[]) => list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const neverWires = await this.presenter.channels(never, db);
    return {
      subscriptions: byName(await this.presenter.subscriptions(withSubscribers(activeRows, true), settings, query.notificationSettingsNull, db)),
      unsubscribed: byName(await this.presenter.subscriptions(withSubscribers(inactiveRows, false), settings, query.notificationSettingsNull, db)),
      never_subscribed: byName(
        neverWires.map((wire, index) =>
          subscribers ? { ...wire, subscribers: subscribers.get(never[index].recipientId as number) ?? [] } : wire,
        ),
      ),
    };
  }
}
