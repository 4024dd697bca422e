import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isAdministrator, isGuest } from '../../shared/roles';
import { effectiveSettings, UserSettings } from '../../users/public/user-settings';
import { UserDirectory } from '../../users/queries/user-directory';
import { ChannelPolicy, PolicyActor } from '../public/channel-policy';
import { ChannelRepository } from '../persistence/channel.repository';
import { PolicyActorLoader } from '../access/policy-actor.loader';
import { StreamRow } from '../public/stream-row';
import { SubscriptionRow } from '../public/subscription-row';
import { SubscriptionRepository } from '../persistence/subscription.repository';
import { ChannelView, ChannelViews } from './channel-views';
import { Database } from '../../platform/database/database';

/**
 * The channel state of one user: active subscriptions, past ones still visible, and
 * channels never joined, each list by name; subscribers where asked for; and the user's
 * settings, which unset per-channel notification settings fall back to.
 */
export interface SubscriptionState {
  subscribed: { view: ChannelView; subscription: SubscriptionRow; subscribers?: number[] }[];
  unsubscribed: { view: ChannelView; subscription: SubscriptionRow; subscribers?: number[] }[];
  neverSubscribed: { view: ChannelView; subscribers?: number[] }[];
  settings: UserSettings;
}

export class GetSubscriptionStateQuery {
  constructor(
    readonly userId: number,
    readonly includeSubscribers: boolean,
    /** The `archived_channels` client capability: archived channels are listed too. */
    readonly includeArchived = false,
  ) {}
}

/**
 * Zulip's `gather_subscriptions_helper`: active subscriptions; past ones the user still
 * has metadata access to; channels the user may know of but never joined. Each list is
 * sorted by name. With `include_subscribers`, every entry carries `subscribers`, empty
 * where the user may not see them (Zulip's `validate_user_access_to_subscribers`).
 */
@QueryHandler(GetSubscriptionStateQuery)
export class GetSubscriptionStateHandler implements IQueryHandler<GetSubscriptionStateQuery, SubscriptionState> {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly channels: ChannelRepository,
    private readonly users: UserDirectory,
    private readonly views: ChannelViews,
    private readonly actors: PolicyActorLoader,
    private readonly database: Database,
  ) {}

  async execute(query: GetSubscriptionStateQuery): Promise<SubscriptionState> {
    const user = await this.users.findById(query.userId);
    if (!user) throw new Error(`user ${query.userId} vanished`);
    const actor = await this.actors.load(user.id);
    const settings = effectiveSettings(user.settings);
    const listed = (stream: StreamRow) => query.includeArchived || !stream.deactivated;

    const rows = (await this.subscriptions.channelSubscriptionsOf(user.id)).filter((row) => listed(row.stream));
    const known = new Set(rows.map((row) => row.stream.id));
    const activeRows = rows.filter((row) => row.subscription.active);
    const inactiveRows = rows.filter(
      (row) => !row.subscription.active && hasMetadataAccessAfterLeaving(actor, row.stream),
    );
    const never = (await this.channels.listInRealm(user.realmId)).filter(
      (stream) => listed(stream) && !known.has(stream.id) && ChannelPolicy.hasMetadataAccess(actor, stream, false),
    );

    const subscribers = query.includeSubscribers
      ? await this.subscriptions.subscriberIds(
          [...activeRows, ...inactiveRows].map((row) => row.stream).concat(never).map((stream) => stream.recipientId as number),
        )
      : null;
    const subscribersOf = (stream: StreamRow, subscribed: boolean): number[] | undefined => {
      if (!subscribers) return undefined;
      if (!ChannelPolicy.hasMetadataAccess(actor, stream, subscribed)) return [];
      return subscribers.get(stream.recipientId as number) ?? [];
    };
    const byName = <T extends { view: ChannelView }>(list: T[]) =>
      list.sort((a, b) => (a.view.stream.name < b.view.stream.name ? -1 : a.view.stream.name > b.view.stream.name ? 1 : 0));
    // The three lists' channels read at once: one read of their group settings and traffic.
    const views = await this.views.of([...activeRows.map((row) => row.stream), ...inactiveRows.map((row) => row.stream), ...never]);
    const entries = (list: typeof rows, offset: number, subscribed: boolean) =>
      list.map((row, index) => ({ view: views[offset + index], subscription: row.subscription, subscribers: subscribersOf(row.stream, subscribed) }));
    const neverOffset = activeRows.length + inactiveRows.length;
    return {
      subscribed: byName(entries(activeRows, 0, true)),
      unsubscribed: byName(entries(inactiveRows, activeRows.length, false)),
      neverSubscribed: byName(never.map((stream, index) => ({ view: views[neverOffset + index], subscribers: subscribersOf(stream, false) }))),
      settings,
    };
  }
}

/**
 * Zulip's `has_metadata_access_to_previously_subscribed_stream`: a past subscriber keeps
 * a public channel (guests keep only web-public ones) and a private one only as an
 * organization administrator or through the channel's groups.
 */
function hasMetadataAccessAfterLeaving(actor: PolicyActor, stream: StreamRow): boolean {
  if (stream.isWebPublic) return true;
  if (isGuest(actor.role)) return false;
  if (!stream.inviteOnly) return true;
  return isAdministrator(actor.role) || ChannelPolicy.hasMetadataAccess(actor, stream, false);
}
