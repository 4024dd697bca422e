import { Injectable } from '@nestjs/common';
import { RealmGroupSettingsReader } from '../../groups/queries/realm-group-settings.reader';
import { GroupDirectory } from '../../groups/queries/group-directory';
import { CallSettings, PasswordSettings, PushSettings, StorageSettings } from '../../platform/config/settings';
import { personalSection, RegisterStateContributor, RegisterStateRequest, StateContributor, StatePart, StateSection } from '../../platform/events/state/register-state';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { BIG_BLUE_BUTTON_PROVIDER } from '../../realm/public/realm-properties';
import { RealmDirectory, RealmEntity } from '../../realm/queries/realm-directory';
import { AvatarSource, gravatarUrl, storedAvatarUrl } from '../../users/public/user-identity';
import { presentInaccessibleUser, presentListedUser, presentUser } from '../../users/api/user.presenter';
import { UserAccess } from '../../users/access/user-access';
import { isAdministrator, isGuest, Role } from '../../shared/roles';
import { UserDirectory, UserProfileView } from '../../users/queries/user-directory';
import { realmState } from './realm-state';
import { RealmUserDirectory } from './realm-user-directory';

/**
 * The parts of `POST /register`'s state that put several modules together: the realm
 * (its settings with the limits of channels, messages and passwords, and its group
 * settings), the realm's users with their profile data and what the user may do under the
 * realm's group settings, and the onboarding steps.
 */
@Injectable()
@RegisterStateContributor()
export class RealmUsersState implements StateContributor {
  constructor(
    private readonly users: UserDirectory,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly groups: GroupDirectory,
    private readonly realmSettings: RealmGroupSettingsReader,
    private readonly storage: StorageSettings,
    private readonly calls: CallSettings,
    private readonly passwords: PasswordSettings,
    private readonly push: PushSettings,
    private readonly access: UserAccess,
    private readonly directory: RealmUserDirectory,
  ) {}

  sections(request: RegisterStateRequest): StateSection[] {
    const { options, viewerId } = request;
    const realmOf = () => this.realms.requireById(request.realmId);
    return [
      {
        key: 'realm',
        wanted: request.wants('realm'),
        read: async (part) => {
          const realm = await realmOf();
          Object.assign(part, await realmState(realm, this.addressing, this.realmSettings, this.groups, this.push.enabled));
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
          if (viewerId === null) Object.assign(part, { realm_allow_message_editing: false, realm_presence_disabled: true });
        },
      },
      {
        key: 'realm_user',
        wanted: request.wants('realm_user') && viewerId === null,
        read: async (state) => {
          const realm = await realmOf();
          Object.assign(state, await this.spectatorUserState(realm, this.addressing.hostName(realm.stringId)));
        },
      },
      personalSection(request, 'realm_user', request.wants('realm_user'), {}, async (userId, state) => {
        const [user, realm] = await Promise.all([this.users.requireById(userId), realmOf()]);
        const hostName = this.addressing.hostName(realm.stringId);
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
      }),
      // Zulip's onboarding steps are its web app's one-time notices, and this server serves no
      // web app (nor the route that marks a notice seen): none, as Zulip with TUTORIAL_ENABLED
      // off, and no navigation tour video (NAVIGATION_TOUR_VIDEO_URL None).
      {
        key: 'onboarding_steps',
        wanted: request.wants('onboarding_steps'),
        read: (state) => {
          state.onboarding_steps = [];
          state.navigation_tour_video_url = null;
        },
      },
    ];
  }

  /**
   * The realm's users as a spectator sees them (no delivery emails, time zones or
   * profiles, join dates to the day), and Zulip's stand-in user in the viewer's fields.
   */
  private async spectatorUserState(realm: RealmEntity, hostName: string): Promise<StatePart> {
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

}

/** Zulip's stand-in user for spectators has this address. */
const SPECTATOR_EMAIL = 'username@example.com';
