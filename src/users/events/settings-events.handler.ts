import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { Logger } from '@nestjs/common';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import { MailTransport } from '../../platform/mail/mail-transport';
import { languageName } from '../domain/languages';
import { LEGACY_DISPLAY_SETTINGS, LEGACY_NOTIFICATION_SETTINGS } from '../domain/user-settings';
import { avatarUrlFor, storedAvatarUrl } from '../api/user.presenter';
import { AvatarUrlChangedEvent, EmailChangeRequestedEvent, RealmUserUpdatedEvent, UserSettingsChangedEvent } from './settings-events';

/**
 * Zulip's `do_change_user_setting` events: `user_settings` update to every queue of the
 * user, and the legacy `update_display_settings` / `update_global_notifications` copies
 * to queues registered without the `user_settings_object` capability.
 */
@EventsHandler(UserSettingsChangedEvent)
export class UserSettingsChangedProjector implements IEventHandler<UserSettingsChangedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: UserSettingsChangedEvent): void {
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
}

/** `realm_user` update events, each to the users the command chose for it. */
@EventsHandler(RealmUserUpdatedEvent)
export class RealmUserUpdatedProjector implements IEventHandler<RealmUserUpdatedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: RealmUserUpdatedEvent): void {
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
}

/** `realm_user` update with the avatar fields, as each queue's `client_gravatar` shapes them. */
@EventsHandler(AvatarUrlChangedEvent)
export class AvatarUrlChangedProjector implements IEventHandler<AvatarUrlChangedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: AvatarUrlChangedEvent): void {
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

/** Sends the confirmation mail of an email change, after the change request committed. */
@EventsHandler(EmailChangeRequestedEvent)
export class EmailChangeMailer implements IEventHandler<EmailChangeRequestedEvent> {
  private readonly logger = new Logger(EmailChangeMailer.name);

  constructor(private readonly mail: MailTransport) {}

  handle(event: EmailChangeRequestedEvent): void {
    this.mail
      .send({
        to: event.newEmail,
        subject: `Verify your new email address for ${event.realmName}`,
        text: `We received a request to change the email address of your ${event.realmName} account to ${event.newEmail}.\n\n`
          + `Click the link below to confirm the change:\n${event.confirmationUrl}\n\n`
          + 'If you did not request this change, ignore this message.\n',
      })
      .catch((error: Error) => this.logger.error(`email-change mail to ${event.newEmail} failed: ${error.message}`));
  }
}
