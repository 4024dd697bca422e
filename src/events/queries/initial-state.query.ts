import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { GroupRepository } from '../../groups/persistence/group.repository';
import { GetStreamsQuery } from '../../channels/queries/get-streams.query';
import { GetSubscriptionStateQuery, SubscriptionState } from '../../channels/queries/get-subscriptions.query';
import { poolQueryable } from '../../platform/database/unit-of-work';
import { RealmAddressing } from '../../realm/domain/realm-addressing';
import { RealmRepository } from '../../realm/persistence/realm.repository';
import { presentUser } from '../../users/api/user.presenter';
import { isAdministrator, isGuest, Role } from '../../users/domain/roles';
import { AVAILABLE_NOTIFICATION_SOUNDS, effectiveSettings, EMOJISET_CHOICES } from '../../users/domain/user-settings';
import { UserRepository } from '../../users/persistence/user.repository';
import { RequestUser } from '../../wire/request-context';
import { ClientCapabilities } from '../queues/queue-descriptor';
import { realmState } from './realm-state';
import { unreadMessagesState } from './unread-state';

export interface InitialStateOptions {
  applyMarkdown: boolean;
  clientGravatar: boolean;
  includeSubscribers: boolean;
  capabilities: ClientCapabilities;
}

/** The state half of `POST /register`, for the requested `fetch_event_types` (null: all). */
export class InitialStateQuery {
  constructor(
    readonly user: RequestUser,
    readonly fetchEventTypes: string[] | null,
    readonly options: InitialStateOptions,
  ) {}
}

@QueryHandler(InitialStateQuery)
export class InitialStateHandler implements IQueryHandler<InitialStateQuery, Record<string, unknown>> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queryBus: QueryBus,
    private readonly users: UserRepository,
    private readonly realms: RealmRepository,
    private readonly addressing: RealmAddressing,
    private readonly groups: GroupRepository,
  ) {}

  async execute(query: InitialStateQuery): Promise<Record<string, unknown>> {
    const wants = (type: string) => query.fetchEventTypes === null || query.fetchEventTypes.includes(type);
    const db = poolQueryable(this.dataSource);
    const { user: requester, options } = query;
    const user = await this.users.findById(requester.id, db);
    if (!user) throw new Error(`user ${requester.id} vanished`);
    const realm = await this.realms.requireById(user.realmId);
    const hostName = this.addressing.hostName(realm.stringId);
    const state: Record<string, unknown> = {};

    if (wants('realm')) Object.assign(state, await realmState(realm, this.addressing, this.groups, db));

    if (wants('realm_user')) {
      const everyone = await this.users.listInRealm(user.realmId, db);
      const present = (target: (typeof everyone)[number]) => {
        const wire: Record<string, unknown> = { ...presentUser(target, hostName, user, { clientGravatar: options.clientGravatar }) };
        if (!target.isBot) wire.profile_data = {};
        delete wire.is_active;
        return wire;
      };
      state.realm_users = everyone.filter((target) => target.isActive).map(present);
      state.realm_non_active_users = everyone.filter((target) => !target.isActive).map(present);
      state.cross_realm_bots = [];
      const own = presentUser(user, hostName, user, { clientGravatar: false });
      Object.assign(state, {
        avatar_source: user.avatarSource,
        avatar_url: own.avatar_url,
        avatar_url_medium: own.avatar_url,
        can_create_private_streams: !isGuest(user.role),
        can_create_public_streams: !isGuest(user.role),
        can_create_web_public_streams: false,
        can_create_streams: !isGuest(user.role),
        can_invite_others_to_realm: isAdministrator(user.role),
        is_admin: isAdministrator(user.role),
        is_owner: user.role === Role.Owner,
        is_moderator: user.role === Role.Moderator,
        is_guest: isGuest(user.role),
        user_id: user.id,
        email: own.email,
        delivery_email: user.deliveryEmail,
        full_name: user.fullName,
      });
    }

    if (wants('subscription')) {
      const subscriptions = await this.queryBus.execute<GetSubscriptionStateQuery, SubscriptionState>(
        new GetSubscriptionStateQuery(user.id, options.includeSubscribers, options.capabilities.notification_settings_null),
      );
      Object.assign(state, subscriptions);
    }

    if (wants('stream')) {
      state.streams = await this.queryBus.execute(
        new GetStreamsQuery(requester, {
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
    }

    if (wants('message')) state.max_message_id = await this.users.maxMessageId(user.id, db);
    if (wants('message') && wants('update_message_flags')) state.unread_msgs = await unreadMessagesState(user.id, db);

    if (wants('user_settings')) {
      state.user_settings = {
        ...effectiveSettings(user.settings),
        timezone: user.timezone,
        emojiset_choices: EMOJISET_CHOICES,
        available_notification_sounds: AVAILABLE_NOTIFICATION_SOUNDS,
      };
    }
    return state;
  }
}
