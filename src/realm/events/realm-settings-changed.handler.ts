import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import { RealmSettingsChangedEvent } from './realm-settings-changed.event';

/**
 * One `realm` event per changed setting, as Zulip sends them: `update` for a plain
 * property (do_set_realm_property), `update_dict` with `property: "default"` for a group
 * setting (do_change_realm_permission_group_setting).
 */
@EventsHandler(RealmSettingsChangedEvent)
export class RealmSettingsChangedProjector implements IEventHandler<RealmSettingsChangedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: RealmSettingsChangedEvent): void {
    for (const change of event.changes) {
      const wire = change.kind === 'property'
        ? { type: 'realm', op: 'update', property: change.property, value: change.value }
        : { type: 'realm', op: 'update_dict', property: 'default', data: { [change.setting]: change.value } };
      this.dispatcher.dispatch({
        realmId: event.realmId,
        userIds: event.audienceUserIds,
        eventType: 'realm',
        render: () => wire,
      });
    }
  }
}
