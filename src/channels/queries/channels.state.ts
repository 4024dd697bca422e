import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  personalSection,
  RegisterStateContributor,
  RegisterStateRequest,
  StateContributor,
  StatePart,
  StateSection,
} from '../../platform/events/state/register-state';
import { actorOf } from '../../users/public/user-row';
import { effectiveSettings } from '../../users/public/user-settings';
import { UserDirectory } from '../../users/queries/user-directory';
import { presentChannelListing, presentSubscriptions, presentSubscriptionState } from '../api/channel.presenter';
import { pickSubscriptionColor } from '../public/channel-rules';
import { SubscriptionRow } from '../public/subscription-row';
import { ChannelDirectory } from './channel-directory';
import { ChannelViews } from './channel-views';
import { ChannelListing, GetStreamsQuery } from './get-streams.query';
import { GetSubscriptionStateQuery, SubscriptionState } from './get-subscriptions.query';

/** `subscriptions`, `streams` and `realm_default_streams` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class ChannelsState implements StateContributor {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly channels: ChannelDirectory,
    private readonly views: ChannelViews,
    private readonly users: UserDirectory,
  ) {}

  sections(request: RegisterStateRequest): StateSection[] {
    const { options, realmId, viewerId } = request;
    return [
      {
        key: 'subscription',
        wanted: request.wants('subscription') && viewerId === null,
        read: async (state) => {
          Object.assign(state, await this.spectatorSubscriptions(realmId, options.capabilities.archived_channels));
        },
      },
      personalSection(request, 'subscription', request.wants('subscription'), {}, async (userId, state) => {
        const subscriptions = await this.queryBus.execute<GetSubscriptionStateQuery, SubscriptionState>(
          new GetSubscriptionStateQuery(userId, options.includeSubscribers, options.capabilities.archived_channels),
        );
        Object.assign(state, presentSubscriptionState(subscriptions, options.capabilities.notification_settings_null));
      }),
      // Spectators get no `streams`: their channels are the subscriptions above.
      {
        key: 'stream',
        wanted: request.wants('stream') && viewerId !== null,
        read: async (state) => {
          // The register composition has read this row already: the read is shared.
          const viewer = await this.users.requireById(viewerId as number);
          const listing = await this.queryBus.execute<GetStreamsQuery, ChannelListing>(
            new GetStreamsQuery(actorOf(viewer), {
              includePublic: true,
              includeWebPublic: true,
              includeSubscribed: true,
              excludeArchived: !options.capabilities.archived_channels,
              includeAll: true,
              includeDefault: false,
              includeOwnerSubscribed: false,
              includeCanAccessContent: false,
              includeAllActive: false,
            }),
          );
          state.streams = presentChannelListing(listing);
        },
      },
      // Guests and spectators have no access to default channels.
      personalSection(request, 'default_streams', request.wants('default_streams'), { realm_default_streams: [] }, async (_userId, state) => {
        state.realm_default_streams = await this.channels.defaultChannelIds(realmId);
      }),
    ];
  }

  /** Zulip's `get_web_public_subs`: every web-public channel, as a new subscription would show it. */
  private async spectatorSubscriptions(realmId: number, includeArchived: boolean): Promise<StatePart> {
    const channels = (await this.channels.listInRealm(realmId))
      .filter((stream) => stream.isWebPublic && (includeArchived || !stream.deactivated))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const colors: string[] = [];
    const views = await this.views.of(channels);
    const entries = channels.map((stream, index) => {
      const color = pickSubscriptionColor(colors);
      colors.push(color);
      const subscription = {
        color,
        isMuted: false,
        pinToTop: false,
        desktopNotifications: null,
        audibleNotifications: null,
        pushNotifications: null,
        emailNotifications: null,
        wildcardMentionsNotify: null,
      } as SubscriptionRow;
      return { view: views[index], subscription };
    });
    return {
      subscriptions: presentSubscriptions(entries, effectiveSettings({}), false),
      unsubscribed: [],
      never_subscribed: [],
    };
  }
}
