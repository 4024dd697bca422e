import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { GetAlertWordsQuery } from '../../markdown/queries/get-alert-words.query';
import { ChannelDirectory } from '../../channels/queries/channel-directory';
import { RealmGroupSettingsReader } from '../../groups/queries/realm-group-settings.reader';
import { GroupDirectory } from '../../groups/queries/group-directory';
import { GetStreamsQuery } from '../../channels/queries/get-streams.query';
import { GetUserGroupsQuery } from '../../groups/queries/get-user-groups.query';
import { GetRealmEmojiQuery } from '../../emoji/queries/get-realm-emoji.query';
import { UserStatusStateQuery } from '../../status/queries/get-user-status.query';
import { GetSubscriptionStateQuery, SubscriptionState } from '../../channels/queries/get-subscriptions.query';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory, RealmEntity } from '../../realm/queries/realm-directory';
import { AvatarSource, gravatarUrl, presentInaccessibleUser, presentListedUser, presentUser, storedAvatarUrl } from '../../users/api/user.presenter';
import { ChannelPresenter } from '../../channels/api/channel.presenter';
import { pickSubscriptionColor } from '../../channels/public/channel-rules';
import { SubscriptionRow } from '../../channels/public/subscription-row';
import { MessageLocations } from '../../messages/queries/message-locations';
import { withSharedReads } from '../../platform/database/unit-of-work';
import { BIG_BLUE_BUTTON_PROVIDER, effectiveRealmProperties } from '../../realm/public/realm-properties';
import { UserRow } from '../../users/public/user-row';
import { isAdministrator, isGuest, Role } from '../../users/public/roles';
import { embeddedBotCatalog, INCOMING_WEBHOOK_INTEGRATIONS } from '../../users/public/bot-rules';
import { SEARCH_STOP_WORDS } from '../../messages/public/search-stop-words';
import {
  AVAILABLE_NOTIFICATION_SOUNDS,
  EMOJISET_CHOICES,
  LEGACY_DISPLAY_SETTINGS,
  LEGACY_NOTIFICATION_SETTINGS,
  effectiveSettings,
  USER_SETTING_DEFAULTS,
  userSettingsOf,
} from '../../users/public/user-settings';
import { UserDirectory, UserProfileView } from '../../users/queries/user-directory';
import { BotDirectory } from '../../users/queries/bot-directory';
import { UserAccess } from '../../users/access/user-access';
import { GetMutedUsersQuery } from '../../muted-users/queries/get-muted-users.query';
import { GetRealmPresenceQuery, RealmPresenceAnswer } from '../../presence/queries/get-presence.query';
import { GetUserTopicsQuery, UserTopicsState } from '../../user-topics/queries/get-user-topics.query';
import { DraftReader } from '../../drafts/queries/draft.reader';
import { Actor } from '../../users/public/actor';
import { GetLinkifiersQuery } from '../../linkifiers/queries/get-linkifiers.query';
import { FIELD_TYPES } from '../../profile-fields/public/field-types';
import { GetProfileFieldsQuery } from '../../profile-fields/queries/get-profile-fields.query';
import { GetSavedSnippetsQuery } from '../../saved-snippets/queries/get-saved-snippets.query';
import { GetScheduledMessagesQuery } from '../../scheduled-messages/queries/get-scheduled-messages.query';
import { GetRealmPlaygroundsQuery } from '../../realm-playgrounds/queries/get-realm-playgrounds.query';
import { GetRealmDomainsQuery } from '../../realm/queries/get-realm-domains.query';
import { GetDefaultChannelGroupsQuery } from '../../default-channel-groups/queries/get-default-channel-groups.query';
import { ClientCapabilities } from '../queues/queue-descriptor';
import { realmState } from './realm-state';
import { RealmUserDirectory } from './realm-user-directory';
import { recentPrivateConversations, starredMessagesState, unreadMessagesState } from './unread-state';
import { CallSettings, PasswordSettings, StorageSettings } from '../../platform/config/settings';
import { Database } from '../../platform/database/database';

export interface InitialStateOptions {
  applyMarkdown: boolean;
  clientGravatar: boolean;
  includeSubscribers: boolean;
  capabilities: ClientCapabilities;
  slimPresence: boolean;
  presenceHistoryLimitDays: number | null;
}

/**
 * The state half of `POST /register`, for the requested `fetch_event_types` (null: all).
 * Without a user, a spectator's state (Zulip's register with no user profile): the realm's
 * public parts, its web-public channels as subscriptions, and every personal part empty.
 */
export class InitialStateQuery {
  constructor(
    readonly user: Actor | null,
    readonly realmId: number,
    readonly fetchEventTypes: string[] | null,
    readonly options: InitialStateOptions,
  ) {}
}

@QueryHandler(InitialStateQuery)
export class InitialStateHandler implements IQueryHandler<InitialStateQuery, Record<string, unknown>> {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly users: UserDirectory,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly groups: GroupDirectory,
    private readonly realmSettings: RealmGroupSettingsReader,
    private readonly channels: ChannelDirectory,
    private readonly botDirectory: BotDirectory,
    private readonly drafts: DraftReader,
    private readonly storage: StorageSettings,
    private readonly calls: CallSettings,
    private readonly passwords: PasswordSettings,
    private readonly access: UserAccess,
    private readonly channelPresenter: ChannelPresenter,
    private readonly directory: RealmUserDirectory,
    private readonly locations: MessageLocations,
    private readonly database: Database,
  ) {}

  execute(query: InitialStateQuery): Promise<Record<string, unknown>> {
    // The sections look up some of the same things (group settings, the user's groups).
    return withSharedReads(() => this.read(query));
  }

  private async read(query: InitialStateQuery): Promise<Record<string, unknown>> {
    const wants = (type: string) => query.fetchEventTypes === null || query.fetchEventTypes.includes(type);
    // The sections read independently, a few at a time (each on a pool connection of its
    // own), and their parts are put together in this order, the order of the keys. All
    // at once, twenty backends contending for two cores spent twice the database CPU.
    // Sections that keep the database longest (`slow`) start first, so the rest overlap them.
    const sections: { read: (part: Record<string, unknown>) => Promise<void> | void; slow: boolean }[] = [];
    const section = (wanted: boolean, read: (part: Record<string, unknown>) => Promise<void> | void, slow = false) => {
      if (wanted) sections.push({ read, slow });
    };
    const { user: requester, options } = query;
    const user = requester === null ? null : await this.users.findById(requester.id);
    if (requester !== null && !user) throw new Error(`user ${requester.id} vanished`);
    const realm = await this.realms.requireById(query.realmId);
    const realmId = realm.id;
    /** A personal section: for a spectator, its empty form. */
    const personal = (
      wanted: boolean,
      empty: Record<string, unknown>,
      read: (viewer: UserRow, part: Record<string, unknown>) => Promise<void> | void,
      slow = false,
    ) => section(wanted, (part) => (user === null ? void Object.assign(part, empty) : read(user, part)), slow);
    const hostName = this.addressing.hostName(realm.stringId);

    section(wants('realm'), async (part) => {
      Object.assign(part, await realmState(realm, this.addressing, this.realmSettings, this.groups));
      // Zulip's get_available_video_chat_providers: BigBlueButton is offered where it is configured.
      if (this.calls.bigBlueButton) {
        part.realm_available_video_chat_providers = {
          ...(part.realm_available_video_chat_providers as Record<string, unknown>),
          big_blue_button: { name: 'BigBlueButton', id: BIG_BLUE_BUTTON_PROVIDER },
        };
      }
      part.max_file_upload_size_mib = this.storage.maxFileUploadSizeMib;
      part.password_min_length = this.passwords.policy.minLength;
      part.password_min_guesses = this.passwords.policy.minGuesses;
      // Zulip shows spectators these features as off.
      if (user === null) Object.assign(part, { realm_allow_message_editing: false, realm_presence_disabled: true });
    });

    section(wants('realm_user') && user === null, async (state) => {
      Object.assign(state, await this.spectatorUserState(realm, hostName));
    });
    personal(wants('realm_user'), {}, async (user, state) => {
      const [{ users: everyone, profiles }, memberOf, realmSettings] = await Promise.all([
        this.directory.list(user.realmId),
        // For the user's rights under the realm's group settings (UserProfile.has_permission).
        this.groups.recursiveGroupIdsOf(user.id),
        this.realmSettings.all(user.realmId),
      ]);
      const present = (target: (typeof everyone)[number]) => {
        const wire = presentListedUser(target, hostName, user, { clientGravatar: options.clientGravatar });
        // Added to the object, not spread into another: a thousand users, a thousand objects fewer.
        // The directory's object, shared by every register: nothing changes it afterwards.
        if (!target.isBot) wire.profile_data = profiles.get(target.id) ?? {};
        return wire;
      };
      // The realm's notification bot plays Zulip's system bots: it is listed with them.
      const isSystemBot = (target: (typeof everyone)[number]) => target.id === realm.notificationBotId;
      const members = everyone.filter((target) => !isSystemBot(target));
      // A guest who may not access everyone gets Zulip's placeholder for the others, or
      // nothing of them with `user_list_incomplete`.
      const accessible = await this.access.accessibleHumanIds(user);
      const visible = accessible === null ? members : members.filter((target) => target.isBot || accessible.has(target.id));
      state.realm_users = visible.filter((target) => target.isActive).map(present);
      state.realm_non_active_users = visible.filter((target) => !target.isActive).map(present);
      if (accessible !== null && !options.capabilities.user_list_incomplete) {
        const hidden = members.filter((target) => !target.isBot && !accessible.has(target.id));
        (state.realm_users as unknown[]).push(...hidden.map((target) => {
          const { is_active: _active, ...placeholder } = presentInaccessibleUser(target.id, hostName);
          return placeholder;
        }));
        (state.realm_users as { user_id: number }[]).sort((a, b) => a.user_id - b.user_id);
      }
      state.cross_realm_bots = everyone.filter(isSystemBot).map((bot) => ({
        ...presentUser(bot, hostName, user, { clientGravatar: options.clientGravatar }),
        is_system_bot: true,
      }));
      // The user's own avatar ignores client_gravatar, as in Zulip.
      const own = presentUser(user, hostName, user, { clientGravatar: false });
      const avatarUrl = own.avatar_url as string;
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
    });

    personal(wants('realm_bot'), { realm_bots: [] }, async (user, state) => {
      // The notification bot plays Zulip's cross-realm system bot: nobody administers it.
      state.realm_bots = await this.botDirectory.administeredBy(
        { id: user.id, realmId: user.realmId, isAdmin: isAdministrator(user.role) },
        realm.notificationBotId === null ? [] : [realm.notificationBotId],
      );
    });
    // What bots the server can run: the same for everyone, spectators included (Zulip's too).
    section(wants('realm_embedded_bots'), (state) => {
      state.realm_embedded_bots = embeddedBotCatalog();
    });
    section(wants('realm_incoming_webhook_bots'), (state) => {
      state.realm_incoming_webhook_bots = INCOMING_WEBHOOK_INTEGRATIONS.map((integration) => ({
        name: integration.name,
        display_name: integration.displayName,
        all_event_types: integration.allEventTypes,
        config_options: integration.configOptions,
      }));
    });

    section(wants('subscription') && user === null, async (state) => {
      Object.assign(state, await this.spectatorSubscriptions(realmId, options.capabilities.archived_channels));
    });
    personal(wants('subscription'), {}, async (user, state) => {
      const subscriptions = await this.queryBus.execute<GetSubscriptionStateQuery, SubscriptionState>(
        new GetSubscriptionStateQuery(
          user.id,
          options.includeSubscribers,
          options.capabilities.notification_settings_null,
          options.capabilities.archived_channels,
        ),
      );
      Object.assign(state, subscriptions);
    });

    // Spectators get no `streams`: their channels are the subscriptions above.
    section(wants('stream') && requester !== null, async (state) => {
      state.streams = await this.queryBus.execute(
        new GetStreamsQuery(requester as Actor, {
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
    });

    section(wants('realm_user_groups'), async (state) => {
      state.realm_user_groups = await this.queryBus.execute(
        new GetUserGroupsQuery(realmId, options.capabilities.include_deactivated_groups),
      );
    });
    // Spectators cannot see full profiles: no fields, but the field types.
    section(wants('custom_profile_fields'), async (state) => {
      state.custom_profile_fields = user === null ? [] : await this.queryBus.execute(new GetProfileFieldsQuery(realmId));
      state.custom_profile_field_types = FIELD_TYPES;
    });
    // Zulip's onboarding steps are its web app's one-time notices, and this server serves no
    // web app (nor the route that marks a notice seen): none, as Zulip with TUTORIAL_ENABLED
    // off, and no navigation tour video (NAVIGATION_TOUR_VIDEO_URL None).
    section(wants('onboarding_steps'), (state) => {
      state.onboarding_steps = [];
      state.navigation_tour_video_url = null;
    });
    // Clients that cannot expand URL templates get no linkifiers; the legacy list is always empty.
    section(wants('realm_linkifiers'), async (state) => {
      state.realm_linkifiers = options.capabilities.linkifier_url_template
        ? await this.queryBus.execute(new GetLinkifiersQuery(realmId))
        : [];
    });
    section(wants('realm_filters'), (state) => {
      state.realm_filters = [];
    });
    section(wants('realm_playgrounds'), async (state) => {
      state.realm_playgrounds = await this.queryBus.execute(new GetRealmPlaygroundsQuery(realmId));
    });
    section(wants('realm_emoji'), async (state) => {
      state.realm_emoji = await this.queryBus.execute(new GetRealmEmojiQuery(realmId));
    });
    // Statuses need an account to see them.
    personal(wants('user_status'), { user_status: {} }, async (_user, state) => {
      state.user_status = await this.queryBus.execute(new UserStatusStateQuery(realmId));
    });
    // Guests and spectators have no access to default channels.
    personal(wants('default_streams'), { realm_default_streams: [] }, async (_user, state) => {
      state.realm_default_streams = await this.channels.defaultChannelIds(realmId);
    });

    // Guests and spectators see no groups, as no default channels.
    personal(wants('default_stream_groups'), { realm_default_stream_groups: [] }, async (user, state) => {
      state.realm_default_stream_groups = isGuest(user.role) ? [] : await this.queryBus.execute(new GetDefaultChannelGroupsQuery(realmId));
    });

    personal(wants('message'), { max_message_id: -1 }, async (user, state) => {
      state.max_message_id = await this.users.maxMessageId(user.id);
    });
    personal(wants('saved_snippets'), { saved_snippets: [] }, async (user, state) => {
      state.saved_snippets = await this.queryBus.execute(new GetSavedSnippetsQuery(user.id));
    });
    personal(wants('scheduled_messages'), { scheduled_messages: [] }, async (user, state) => {
      state.scheduled_messages = await this.queryBus.execute(new GetScheduledMessagesQuery(user.id));
    });
    personal(wants('message') && wants('update_message_flags'), { unread_msgs: EMPTY_UNREADS }, async (user, state) => {
      state.unread_msgs = await unreadMessagesState(user, options.capabilities.empty_topic_name, this.database, this.locations);
    }, true);
    personal(wants('starred_messages'), { starred_messages: [] }, async (user, state) => {
      state.starred_messages = await starredMessagesState(user.id, this.database);
    });
    personal(wants('recent_private_conversations'), { recent_private_conversations: [] }, async (user, state) => {
      state.recent_private_conversations = await recentPrivateConversations(user, this.database, this.locations);
    }, true);

    section(wants('presence') && user === null, (state) => {
      Object.assign(state, { presences: {}, server_timestamp: Date.now() / 1000 });
    });
    personal(wants('presence'), {}, async (_user, state) => {
      const presence = await this.queryBus.execute<GetRealmPresenceQuery, RealmPresenceAnswer>(
        new GetRealmPresenceQuery(realmId, options.slimPresence, null, options.presenceHistoryLimitDays),
      );
      state.presences = presence.presences;
      state.presence_last_update_id = presence.presence_last_update_id;
      state.server_timestamp = presence.server_timestamp;
    });
    personal(wants('alert_words'), { alert_words: [] }, async (user, state) => {
      state.alert_words = await this.queryBus.execute<GetAlertWordsQuery, string[]>(new GetAlertWordsQuery(user.id));
    });
    personal(wants('muted_users'), { muted_users: [] }, async (user, state) => {
      state.muted_users = await this.queryBus.execute(new GetMutedUsersQuery(user.id));
    });
    // Clients that asked for `user_topic` by name get no duplicate legacy `muted_topics`.
    const wantsMutedTopics = wants('muted_topics') && (query.fetchEventTypes === null || !wants('user_topic'));
    const emptyTopics = { ...(wants('user_topic') ? { user_topics: [] } : {}), ...(wantsMutedTopics ? { muted_topics: [] } : {}) };
    personal(wants('user_topic') || wantsMutedTopics, emptyTopics, async (user, state) => {
      const topics = await this.queryBus.execute<GetUserTopicsQuery, UserTopicsState>(
        new GetUserTopicsQuery(user.id, options.capabilities.empty_topic_name),
      );
      if (wants('user_topic')) state.user_topics = topics.user_topics;
      if (wantsMutedTopics) state.muted_topics = topics.muted_topics;
    });

    section(wants('stop_words'), (state) => {
      state.stop_words = SEARCH_STOP_WORDS;
    });

    // A spectator's settings are a new account's, shown in the realm's language with
    // Recent conversations as home view (Zulip's stand-in user for spectators).
    const settings =
      user === null ? { ...USER_SETTING_DEFAULTS, default_language: realmLanguage(realm), web_home_view: 'recent_topics' } : userSettingsOf(user);
    const timezone = user === null ? '' : user.timezone;
    // Clients without `user_settings_object` get the legacy top-level copies as well.
    section(wants('update_display_settings') && !options.capabilities.user_settings_object, (state) => {
      for (const name of LEGACY_DISPLAY_SETTINGS) state[name] = settings[name];
      state.emojiset_choices = EMOJISET_CHOICES;
      state.timezone = timezone;
    });
    section(wants('update_global_notifications') && !options.capabilities.user_settings_object, (state) => {
      for (const name of LEGACY_NOTIFICATION_SETTINGS) state[name] = settings[name];
      state.available_notification_sounds = AVAILABLE_NOTIFICATION_SOUNDS;
    });
    section(wants('realm_user_settings_defaults'), (state) => {
      state.realm_user_settings_defaults = {
        ...USER_SETTING_DEFAULTS,
        ...realm.userSettingsDefaults,
        emojiset_choices: EMOJISET_CHOICES,
        available_notification_sounds: AVAILABLE_NOTIFICATION_SOUNDS,
      };
    });
    section(wants('realm_domains'), async (state) => {
      state.realm_domains = await this.queryBus.execute(new GetRealmDomainsQuery(realmId));
    });
    // Newest edit first, as Zulip gives them; none while the user does not sync drafts.
    personal(wants('drafts'), { drafts: [] }, async (user, state) => {
      state.drafts = settings.enable_drafts_synchronization ? (await this.drafts.list(user.id)).reverse() : [];
    });
    section(wants('user_settings'), (state) => {
      state.user_settings = {
        ...settings,
        emojiset_choices: EMOJISET_CHOICES,
        timezone,
        available_notification_sounds: AVAILABLE_NOTIFICATION_SOUNDS,
      };
    });
    const parts = sections.map(() => ({}) as Record<string, unknown>);
    // A stable sort: slow sections first, each group in key order.
    const order = [...sections.keys()].sort((a, b) => Number(sections[b].slow) - Number(sections[a].slow));
    await forEachLimit(order.length, SECTIONS_AT_ONCE, (position) => sections[order[position]].read(parts[order[position]]));
    return Object.assign({}, ...parts) as Record<string, unknown>;
  }

  /**
   * The realm's users as a spectator sees them (no delivery emails, time zones or
   * profiles, join dates to the day), and Zulip's stand-in user in the viewer's fields.
   */
  private async spectatorUserState(realm: RealmEntity, hostName: string): Promise<Record<string, unknown>> {
    const everyone = await this.users.listInRealm(realm.id);
    const present = (target: UserProfileView) => {
      const { is_active: _isActive, timezone: _timezone, ...wire } = presentUser(target, hostName, null, { clientGravatar: false });
      // `email` follows the user's email visibility, as for anyone; the real address never shows.
      return { ...wire, delivery_email: null, date_joined: wire.date_joined.slice(0, 10) };
    };
    const isSystemBot = (target: UserProfileView) => target.id === realm.notificationBotId;
    const members = everyone.filter((target) => !isSystemBot(target));
    return {
      realm_users: members.filter((target) => target.isActive).map(present),
      realm_non_active_users: members.filter((target) => !target.isActive).map(present),
      cross_realm_bots: everyone.filter(isSystemBot).map((bot) => ({ ...present(bot), is_system_bot: true })),
      avatar_source: AvatarSource.Gravatar,
      avatar_url_medium: gravatarUrl(SPECTATOR_EMAIL, 1, true),
      avatar_url: gravatarUrl(SPECTATOR_EMAIL, 1),
      can_create_private_streams: false,
      can_create_public_streams: false,
      can_create_streams: false,
      can_create_web_public_streams: false,
      can_subscribe_other_users: false,
      can_invite_others_to_realm: false,
      is_admin: false,
      is_owner: false,
      is_moderator: false,
      is_guest: true,
      user_id: 0,
      email: SPECTATOR_EMAIL,
      delivery_email: SPECTATOR_EMAIL,
      full_name: 'Anonymous User',
    };
  }

  /** Zulip's `get_web_public_subs`: every web-public channel, as a new subscription would show it. */
  private async spectatorSubscriptions(realmId: number, includeArchived: boolean): Promise<Record<string, unknown>> {
    const channels = (await this.channels.listInRealm(realmId))
      .filter((stream) => stream.isWebPublic && (includeArchived || !stream.deactivated))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const colors: string[] = [];
    const entries = channels.map((stream) => {
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
      return { stream, subscription };
    });
    return {
      subscriptions: await this.channelPresenter.subscriptions(entries, effectiveSettings({}), false),
      unsubscribed: [],
      never_subscribed: [],
    };
  }
}

/** Register sections reading at once: enough to keep both sides busy, few enough not to contend. */
const SECTIONS_AT_ONCE = 3;

/** Runs `work` for 0..count-1, at most `limit` at a time, in index order of starting. */
async function forEachLimit(count: number, limit: number, work: (index: number) => Promise<void> | void): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
}

/** Zulip's stand-in user for spectators has this address. */
const SPECTATOR_EMAIL = 'username@example.com';

/** `unread_msgs` with nothing unread. */
const EMPTY_UNREADS = { count: 0, pms: [], streams: [], huddles: [], mentions: [], old_unreads_missing: false };

function realmLanguage(realm: RealmEntity): string {
  const language = effectiveRealmProperties(realm.properties).default_language;
  return typeof language === 'string' ? language : USER_SETTING_DEFAULTS.default_language;
}
