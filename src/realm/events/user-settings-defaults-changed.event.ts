import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';

/** The realm's defaults for new users changed; every active user hears of each change. */
export class UserSettingsDefaultsChangedEvent {
  constructor(
    readonly realmId: number,
    readonly changes: readonly { name: string; value: boolean | number | string }[],
    readonly audienceUserIds: readonly number[],
  ) {}
}

/** Zulip's `do_set_realm_user_default_setting`: one `realm_user_settings_defaults` update per change. */
@EventsHandler(UserSettingsDefaultsChangedEvent)
export class UserSettingsDefaultsChangedProjector implements IEventHandler<UserSettingsDefaultsChangedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: UserSettingsDefaultsChangedEvent): void {
    for (const { name, value } of event.changes) {
      this.dispatcher.dispatch({
        realmId: event.realmId,
        userIds: event.audienceUserIds,
        eventType: 'realm_user_settings_defaults',
        render: () => ({ type: 'realm_user_settings_defaults', op: 'update', property: name, value }),
      });
    }
  }
}
