import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ChannelRepository } from '../../channels/persistence/channel.repository';
import { RealmGroupSettingsRepository } from '../../groups/persistence/realm-group-settings.repository';
import { GroupRepository } from '../../groups/persistence/group.repository';
import { GetStreamsQuery } from '../../channels/queries/get-streams.query';
import { GetUserGroupsQuery } from '../../groups/queries/get-user-groups.query';
import { GetRealmEmojiQuery } from '../../emoji/queries/get-realm-emoji.query';
import { UserStatusStateQuery } from '../../status/queries/get-user-status.query';
import { GetSubscriptionStateQuery, SubscriptionState } from '../../channels/queries/get-subscriptions.query';
import { poolQueryable } from '../../platform/database/unit-of-work';
import { RealmAddressing } from '../../realm/domain/realm-addressing';
import { RealmRepository } from '../../realm/persistence/realm.repository';
import { presentUser, storedAvatarUrl } from '../../users/api/user.presenter';
import { isAdministrator, isGuest, Role } from '../../users/domain/roles';
import {
  AVAILABLE_NOTIFICATION_SOUNDS,
  EMOJISET_CHOICES,
  LEGACY_DISPLAY_SETTINGS,
  LEGACY_NOTIFICATION_SETTINGS,
  USER_SETTING_DEFAULTS,
  userSettingsOf,
} from '../../users/domain/user-settings';
import { UserRepository } from '../../users/persistence/user.repository';
import { BotDirectory } from '../../users/persistence/bot-directory';
import { GetMutedUsersQuery } from '../../muted-users/queries/get-muted-users.query';
import { GetRealmPresenceQuery, RealmPresenceAnswer } from '../../presence/queries/get-presence.query';
import { GetUserTopicsQuery, UserTopicsState } from '../../user-topics/queries/get-user-topics.query';
import { DraftStore } from '../../drafts/persistence/draft.store';
import { RequestUser } from '../../wire/request-context';
import { GetLinkifiersQuery } from '../../linkifiers/queries/get-linkifiers.query';
import { FIELD_TYPES } from '../../profile-fields/domain/field-types';
import { GetProfileFieldsQuery } from '../../profile-fields/queries/get-profile-fields.query';
import { ProfileDataReader } from '../../profile-fields/queries/profile-data.reader';
import { ClientCapabilities } from '../queues/queue-descriptor';
import { realmState } from './realm-state';
import { starredMessagesState, unreadMessagesState } from './unread-state';

export interface InitialStateOptions {
  applyMarkdown: boolean;
  clientGravatar: boolean;
  includeSubscribers: boolean;
  capabilities: ClientCapabilities;
  slimPresence: boolean;
  presenceHistoryLimitDays: number | null;
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
    private readonly realmSettings: RealmGroupSettingsRepository,
    private readonly channels: ChannelRepository,
    private readonly botDirectory: BotDirectory,
    private readonly profileData: ProfileDataReader,
    private readonly drafts: DraftStore,
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

    if (wants('realm')) Object.assign(state, await realmState(realm, this.addressing, this.realmSettings, this.groups, db));

    if (wants('realm_user')) {
      const everyone = await this.users.listInRealm(user.realmId, db);
      const profiles = await this.profileData.forUsers(user.realmId, null, db);
      const present = (target: (typeof everyone)[number]) => {
        const wire: Record<string, unknown> = { ...presentUser(target, hostName, user, { clientGravatar: options.clientGravatar }) };
        if (!target.isBot) wire.profile_data = profiles.get(target.id) ?? {};
        delete wire.is_active;
        return wire;
      };
      // The realm's notification bot plays Zulip's system bots: it is listed with them.
      const isSystemBot = (target: (typeof everyone)[number]) => target.id === realm.notificationBotId;
      const members = everyone.filter((target) => !isSystemBot(target));
      state.realm_users = members.filter((target) => target.isActive).map(present);
      state.realm_non_active_users = members.filter((target) => !target.isActive).map(present);
      state.cross_realm_bots = everyone.filter(isSystemBot).map((bot) => ({
        ...presentUser(bot, hostName, user, { clientGravatar: options.clientGravatar }),
        is_system_bot: true,
      }));
      // The user's own avatar ignores client_gravatar, as in Zulip.
      const own = presentUser(user, hostName, user, { clientGravatar: false });
      const avatarUrl = own.avatar_url as string;
      // The user's rights under the realm's group settings (UserProfile.has_permission).
      const memberOf = await this.groups.recursiveGroupIdsOf(user.id, db);
      const realmSettings = await this.realmSettings.all(user.realmId, db);
      const allowed = (setting: string) => memberOf.has(realmSettings.get(setting) as number);
      const canCreatePublic = allowed('can_create_public_channel_group');
      const canCreatePrivate = allowed('can_create_private_channel_group');
      Object.assign(state, {
        avatar_source: user.avatarSource,
        avatar_url_medium: storedAvatarUrl(user, true),
        avatar_url: avatarUrl,
        can_create_private_streams: canCreatePrivate,
        can_create_public_streams: canCreatePublic,
        can_create_streams: canCreatePublic || canCreatePrivate,
        // Web-public channels are disabled on this server: nobody may create one.
        can_create_web_public_streams: false,
        can_subscribe_other_users: allowed('can_add_subscribers_group'),
        can_invite_others_to_realm: allowed('can_invite_users_group'),
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

    if (wants('realm_bot')) {
      // The notification bot plays Zulip's cross-realm system bot: nobody administers it.
      state.realm_bots = await this.botDirectory.administeredBy(
        { id: user.id, realmId: user.realmId, isAdmin: isAdministrator(user.role) },
        realm.notificationBotId === null ? [] : [realm.notificationBotId],
        db,
      );
    }

    if (wants('subscription')) {
      const subscriptions = await this.queryBus.execute<GetSubscriptionStateQuery, SubscriptionState>(
        new GetSubscriptionStateQuery(
          user.id,
          options.includeSubscribers,
          options.capabilities.notification_settings_null,
          options.capabilities.archived_channels,
        ),
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

    if (wants('realm_user_groups')) {
      state.realm_user_groups = await this.queryBus.execute(
        new GetUserGroupsQuery(user.realmId, options.capabilities.include_deactivated_groups),
      );
    }
    if (wants('custom_profile_fields')) {
      state.custom_profile_fields = await this.queryBus.execute(new GetProfileFieldsQuery(user.realmId));
      state.custom_profile_field_types = FIELD_TYPES;
    }
    // Clients that cannot expand URL templates get no linkifiers; the legacy list is always empty.
    if (wants('realm_linkifiers')) {
      state.realm_linkifiers = options.capabilities.linkifier_url_template
        ? await this.queryBus.execute(new GetLinkifiersQuery(user.realmId))
        : [];
    }
    if (wants('realm_filters')) state.realm_filters = [];
    if (wants('realm_emoji')) state.realm_emoji = await this.queryBus.execute(new GetRealmEmojiQuery(user.realmId, db));
    if (wants('user_status')) state.user_status = await this.queryBus.execute(new UserStatusStateQuery(user.realmId));
    if (wants('default_streams')) state.realm_default_streams = await this.channels.defaultChannelIds(user.realmId, db);

    if (wants('message')) state.max_message_id = await this.users.maxMessageId(user.id, db);
    if (wants('message') && wants('update_message_flags')) {
      state.unread_msgs = await unreadMessagesState(user.id, options.capabilities.empty_topic_name, db);
    }
    if (wants('starred_messages')) state.starred_messages = await starredMessagesState(user.id, db);

    if (wants('presence')) {
      const presence = await this.queryBus.execute<GetRealmPresenceQuery, RealmPresenceAnswer>(
        new GetRealmPresenceQuery(user.realmId, options.slimPresence, null, options.presenceHistoryLimitDays),
      );
      state.presences = presence.presences;
      state.presence_last_update_id = presence.presence_last_update_id;
      state.server_timestamp = presence.server_timestamp;
    }
    if (wants('muted_users')) state.muted_users = await this.queryBus.execute(new GetMutedUsersQuery(user.id));
    // Clients that asked for `user_topic` by name get no duplicate legacy `muted_topics`.
    const wantsMutedTopics = wants('muted_topics') && (query.fetchEventTypes === null || !wants('user_topic'));
    if (wants('user_topic') || wantsMutedTopics) {
      const topics = await this.queryBus.execute<GetUserTopicsQuery, UserTopicsState>(
        new GetUserTopicsQuery(user.id, options.capabilities.empty_topic_name),
      );
      if (wants('user_topic')) state.user_topics = topics.user_topics;
      if (wantsMutedTopics) state.muted_topics = topics.muted_topics;
    }

    const settings = userSettingsOf(user);
    // Clients without `user_settings_object` get the legacy top-level copies as well.
    if (wants('update_display_settings') && !options.capabilities.user_settings_object) {
      for (const name of LEGACY_DISPLAY_SETTINGS) state[name] = settings[name];
      state.emojiset_choices = EMOJISET_CHOICES;
      state.timezone = user.timezone;
    }
    if (wants('update_global_notifications') && !options.capabilities.user_settings_object) {
      for (const name of LEGACY_NOTIFICATION_SETTINGS) state[name] = settings[name];
      state.available_notification_sounds = AVAILABLE_NOTIFICATION_SOUNDS;
    }
    if (wants('realm_user_settings_defaults')) {
      state.realm_user_settings_defaults = {
        ...USER_SETTING_DEFAULTS,
        ...realm.userSettingsDefaults,
        emojiset_choices: EMOJISET_CHOICES,
        available_notification_sounds: AVAILABLE_NOTIFICATION_SOUNDS,
      };
    }
    // Newest edit first, as Zulip gives them; none while the user does not sync drafts.
    if (wants('drafts')) {
      state.drafts = settings.enable_drafts_synchronization ? (await this.drafts.list(user.id, db)).reverse() : [];
    }
    if (wants('user_settings')) {
      state.user_settings = {
        ...settings,
        emojiset_choices: EMOJISET_CHOICES,
        timezone: user.timezone,
        available_notification_sounds: AVAILABLE_NOTIFICATION_SOUNDS,
      };
    }
    return state;
  }
}
