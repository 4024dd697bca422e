import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { PresenceEnabledChangedEvent, UserStatusChangedEvent } from './user-status-events';

/** The client events of the status module's domain events: one method per domain event. */
@Injectable()
export class UserStatusEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /** `user_status`, to every active user of the realm. */
  @OnCommitted(UserStatusChangedEvent)
  userStatusChanged(event: UserStatusChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'user_status',
      render: () => ({ type: 'user_status', user_id: event.userId, ...event.data }),
    });
  }

  /**
   * Zulip's do_change_user_setting for `presence_enabled`: `user_settings` update to the
   * user's own queues, and the legacy `update_global_notifications` to those of clients
   * without the `user_settings_object` capability.
   */
  @OnCommitted(PresenceEnabledChangedEvent)
  presenceEnabledChanged(event: PresenceEnabledChangedEvent): void {
    this.dispatcher.dispatch(
      {
        realmId: event.realmId,
        userIds: [event.userId],
        eventType: 'user_settings',
        render: () => ({ type: 'user_settings', op: 'update', property: 'presence_enabled', value: event.enabled }),
      },
      {
        realmId: event.realmId,
        userIds: [event.userId],
        eventType: 'update_global_notifications',
        render: (queue) =>
          queue.capabilities.user_settings_object
            ? null
            : {
                type: 'update_global_notifications',
                user: event.email,
                notification_name: 'presence_enabled',
                setting: event.enabled,
              },
      },
    );
  }
}
