import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { avatarUrlFor, INACCESSIBLE_USER_NAME, storedAvatarUrl } from '../public/user-identity';
import { presentInaccessibleUser, presentUser } from '../api/user.presenter';
import { presentBot } from '../api/bot.presenter';
import { languageName } from '../../shared/languages';
import { Role } from '../../shared/roles';
import { LEGACY_DISPLAY_SETTINGS, LEGACY_NOTIFICATION_SETTINGS } from '../public/user-settings';
import { AvatarUrlChangedEvent, ExportConsentChangedEvent, RealmUserUpdatedEvent, UserSettingsChangedEvent } from './settings-events';
import { BotAddedEvent, BotEvent, UserCameIntoViewEvent, UserCreatedEvent, UserDeactivatedEvent, UserRemovedFromViewEvent, UserUpdatedEvent } from './user-events';

/**
 * The client events of the users module's domain events (`realm_user`, `realm_bot`,
 * `user_settings` and its legacy copies): one method per domain event. What else a
 * committed event sets off is in `UserEventEffects`.
 */
@Injectable()
export class UserEventProjections {
  constructor(
    private readonly dispatcher: EventDispatcher,
    private readonly addressing: RealmAddressing,
  ) {}

  /**
   * `realm_user` add: every active user of the realm, each seeing what their role allows.
   * Also the guests who just gained sight of an existing user: the same `add`, as Zulip sends it.
   */
  @OnCommitted(UserCreatedEvent, UserCameIntoViewEvent)
  realmUserAdded(event: UserCreatedEvent | UserCameIntoViewEvent): void {
    const { user } = event;
    const roles = new Map(event.viewers.map((viewer) => [viewer.id, viewer.role]));
    const hostName = this.addressing.hostName(event.realmStringId);
    const hidden = new Set(event instanceof UserCreatedEvent ? event.withoutAccess : []);
    this.dispatcher.dispatch({
      realmId: user.realmId,
      userIds: event.viewers.map((viewer) => viewer.id),
      eventType: 'realm_user',
      render: (queue) => {
        // Zulip's notify_created_user: a placeholder for guests without access, none for
        // their clients that take the user list as incomplete (`user_list_incomplete`).
        if (hidden.has(queue.userId)) {
          return queue.capabilities.user_list_incomplete ? null : { type: 'realm_user', op: 'add', person: presentInaccessibleUser(user.id, hostName) };
        }
        const person: Record<string, unknown> = {
          ...presentUser(user, hostName, { id: queue.userId, role: roles.get(queue.userId) ?? Role.Member }, {
            clientGravatar: queue.clientGravatar,
          }),
        };
        if (!user.isBot) person.profile_data = {};
        return { type: 'realm_user', op: 'add', person };
      },
    });
  }

  /** `realm_user` update with `is_active` false, to the realm's remaining active users. */
  @OnCommitted(UserDeactivatedEvent)
  userDeactivated(event: UserDeactivatedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.viewerIds,
      eventType: 'realm_user',
      render: () => ({ type: 'realm_user', op: 'update', person: { user_id: event.userId, is_active: false } }),
    });
  }

  /** `realm_user` update: one changed property of a user. */
  @OnCommitted(UserUpdatedEvent)
  userUpdated(event: UserUpdatedEvent): void {
    const { change } = event;
    const person: Record<string, unknown> = { user_id: change.userId };
    if (change.fullName !== undefined) person.full_name = change.fullName;
    if (change.role !== undefined) person.role = change.role;
    if (change.isActive !== undefined) person.is_active = change.isActive;
    if (change.botOwnerId !== undefined) person.bot_owner_id = change.botOwnerId;
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audience,
      eventType: 'realm_user',
      render: () => ({ type: 'realm_user', op: 'update', person }),
    });
  }

  /** `realm_user` remove: guests who can no longer access the user. */
  @OnCommitted(UserRemovedFromViewEvent)
  userRemovedFromView(event: UserRemovedFromViewEvent): void {
    if (event.audience.length === 0) return;
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audience,
      eventType: 'realm_user',
      render: () => ({ type: 'realm_user', op: 'remove', person: { user_id: event.userId, full_name: INACCESSIBLE_USER_NAME } }),
    });
  }

  /** `realm_bot` add with the whole bot, only to those who administer it. */
  @OnCommitted(BotAddedEvent)
  botAdded(event: BotAddedEvent): void {
    const bot = presentBot(event.profile, 'when-set');
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audience,
      eventType: 'realm_bot',
      render: () => ({ type: 'realm_bot', op: 'add', bot: { ...bot } }),
    });
  }

  /** `realm_bot` add / update / delete, only to those who administer the bot. */
  @OnCommitted(BotEvent)
  botChanged(event: BotEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audience,
      eventType: 'realm_bot',
      render: () => ({ type: 'realm_bot', op: event.op, bot: event.bot }),
    });
  }

  /**
   * Zulip's `do_change_user_setting` events: `user_settings` update to every queue of the
   * user, and the legacy `update_display_settings` / `update_global_notifications` copies
   * to queues registered without the `user_settings_object` capability.
   */
  @OnCommitted(UserSettingsChangedEvent)
  userSettingsChanged(event: UserSettingsChangedEvent): void {
    const userIds = [event.userId];
    for (const { name, value } of event.changes) {
      const language = name === 'default_language' ? { language_name: languageName(value as string) } : {};
      this.dispatcher.dispatch({
        realmId: event.realmId,
        userIds,
        eventType: 'user_settings',
        render: () => ({ type: 'user_settings', op: 'update', property: name, value, ...language }),
      });
      if ((LEGACY_NOTIFICATION_SETTINGS as readonly string[]).includes(name)) {
        this.dispatcher.dispatch({
          realmId: event.realmId,
          userIds,
          eventType: 'update_global_notifications',
          render: (queue) => queue.capabilities.user_settings_object
            ? null
            : { type: 'update_global_notifications', user: event.apiEmail, notification_name: name, setting: value },
        });
      }
      if ((LEGACY_DISPLAY_SETTINGS as readonly string[]).includes(name) || name === 'timezone') {
        this.dispatcher.dispatch({
          realmId: event.realmId,
          userIds,
          eventType: 'update_display_settings',
          render: (queue) => queue.capabilities.user_settings_object
            ? null
            : { type: 'update_display_settings', user: event.apiEmail, setting_name: name, setting: value, ...language },
        });
      }
    }
  }

  /** Zulip's `realm_export_consent`: to the realm's human administrators. */
  @OnCommitted(ExportConsentChangedEvent)
  exportConsentChanged(event: ExportConsentChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.administratorIds,
      eventType: 'realm_export_consent',
      render: () => ({ type: 'realm_export_consent', user_id: event.userId, consented: event.consented }),
    });
  }

  /** `realm_user` update events, each to the users the command chose for it. */
  @OnCommitted(RealmUserUpdatedEvent)
  realmUserUpdated(event: RealmUserUpdatedEvent): void {
    for (const update of event.updates) {
      if (update.userIds.length === 0) continue;
      this.dispatcher.dispatch({
        realmId: event.realmId,
        userIds: update.userIds,
        eventType: 'realm_user',
        render: () => ({ type: 'realm_user', op: 'update', person: update.person }),
      });
    }
  }

  /** `realm_user` update with the avatar fields, as each queue's `client_gravatar` shapes them. */
  @OnCommitted(AvatarUrlChangedEvent)
  avatarUrlChanged(event: AvatarUrlChangedEvent): void {
    const roles = new Map(event.viewers.map((viewer) => [viewer.id, viewer.role]));
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.viewers.map((viewer) => viewer.id),
      eventType: 'realm_user',
      render: (queue) => {
        const viewer = { id: queue.userId, role: roles.get(queue.userId) as number };
        const url = avatarUrlFor(event.user, viewer, queue.clientGravatar);
        const person = {
          user_id: event.user.id,
          avatar_source: event.user.avatarSource,
          avatar_url: url,
          avatar_url_medium: url === null ? null : storedAvatarUrl(event.user, true),
          avatar_version: event.user.avatarVersion,
        };
        return { type: 'realm_user', op: 'update', person };
      },
    });
  }
}
