import { Injectable } from '@nestjs/common';
import { personalSection, RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection } from '../../platform/events/state/register-state';
import { effectiveRealmProperties } from '../../realm/public/realm-properties';
import { RealmDirectory, RealmEntity } from '../../realm/queries/realm-directory';
import { embeddedBotCatalog } from '../public/bot-rules';
import { isAdministrator } from '../../shared/roles';
import {
  AVAILABLE_NOTIFICATION_SOUNDS,
  EMOJISET_CHOICES,
  LEGACY_DISPLAY_SETTINGS,
  LEGACY_NOTIFICATION_SETTINGS,
  USER_SETTING_DEFAULTS,
  userSettingsOf,
} from '../public/user-settings';
import { BotDirectory } from './bot-directory';
import { presentBot } from '../api/bot.presenter';
import { UserDirectory } from './user-directory';
import { UserMessageReader } from '../public/messages.port';

/**
 * The user's bots, settings and newest message id, and the server's bot catalogs, in
 * `POST /register`'s state.
 */
@Injectable()
@RegisterStateContributor()
export class UsersState implements StateContributor {
  constructor(
    private readonly users: UserDirectory,
    private readonly realms: RealmDirectory,
    private readonly botDirectory: BotDirectory,
    private readonly messages: UserMessageReader,
  ) {}

  sections(request: RegisterStateRequest): StateSection[] {
    const { capabilities } = request.options;
    let settings: Promise<{ settings: Record<string, unknown>; timezone: string }> | undefined;
    const viewerSettings = () => (settings ??= this.settingsOf(request.viewerId, request.realmId));
    return [
      personalSection(request, 'realm_bot', request.wants('realm_bot'), { realm_bots: [] }, async (userId, state) => {
        const [user, realm] = await Promise.all([this.users.requireById(userId), this.realms.requireById(request.realmId)]);
        // The notification bot plays Zulip's cross-realm system bot: nobody administers it.
        const bots = await this.botDirectory.administeredBy(
          { id: user.id, realmId: user.realmId, isAdmin: isAdministrator(user.role) },
          realm.notificationBotId === null ? [] : [realm.notificationBotId],
        );
        state.realm_bots = bots.map((bot) => presentBot(bot, 'always'));
      }),
      // What bots the server can run: the same for everyone, spectators included (Zulip's too).
      {
        key: 'realm_embedded_bots',
        wanted: request.wants('realm_embedded_bots'),
        read: (state) => {
          state.realm_embedded_bots = embeddedBotCatalog();
        },
      },
      personalSection(request, 'max_message_id', request.wants('message'), { max_message_id: -1 }, async (userId, state) => {
        state.max_message_id = await this.messages.maxMessageId(userId);
      }),
      // Clients without `user_settings_object` get the legacy top-level copies as well.
      {
        key: 'update_display_settings',
        wanted: request.wants('update_display_settings') && !capabilities.user_settings_object,
        read: async (state) => {
          const { settings: values, timezone } = await viewerSettings();
          for (const name of LEGACY_DISPLAY_SETTINGS) state[name] = values[name];
          state.emojiset_choices = EMOJISET_CHOICES;
          state.timezone = timezone;
        },
      },
      {
        key: 'update_global_notifications',
        wanted: request.wants('update_global_notifications') && !capabilities.user_settings_object,
        read: async (state) => {
          const { settings: values } = await viewerSettings();
          for (const name of LEGACY_NOTIFICATION_SETTINGS) state[name] = values[name];
          state.available_notification_sounds = AVAILABLE_NOTIFICATION_SOUNDS;
        },
      },
      {
        key: 'realm_user_settings_defaults',
        wanted: request.wants('realm_user_settings_defaults'),
        read: async (state) => {
          const realm = await this.realms.requireById(request.realmId);
          state.realm_user_settings_defaults = {
            ...USER_SETTING_DEFAULTS,
            ...realm.userSettingsDefaults,
            emojiset_choices: EMOJISET_CHOICES,
            available_notification_sounds: AVAILABLE_NOTIFICATION_SOUNDS,
          };
        },
      },
      {
        key: 'user_settings',
        wanted: request.wants('user_settings'),
        read: async (state) => {
          const { settings: values, timezone } = await viewerSettings();
          state.user_settings = {
            ...values,
            emojiset_choices: EMOJISET_CHOICES,
            timezone,
            available_notification_sounds: AVAILABLE_NOTIFICATION_SOUNDS,
          };
        },
      },
    ];
  }

  /**
   * The viewer's settings and time zone. A spectator's settings are a new account's, shown
   * in the realm's language with Recent conversations as home view (Zulip's stand-in user
   * for spectators).
   */
  private async settingsOf(viewerId: number | null, realmId: number): Promise<{ settings: Record<string, unknown>; timezone: string }> {
    if (viewerId !== null) {
      const user = await this.users.requireById(viewerId);
      return { settings: userSettingsOf(user), timezone: user.timezone };
    }
    const realm = await this.realms.requireById(realmId);
    return { settings: { ...USER_SETTING_DEFAULTS, default_language: realmLanguage(realm), web_home_view: 'recent_topics' }, timezone: '' };
  }
}

function realmLanguage(realm: RealmEntity): string {
  const language = effectiveRealmProperties(realm.properties).default_language;
  return typeof language === 'string' ? language : USER_SETTING_DEFAULTS.default_language;
}
