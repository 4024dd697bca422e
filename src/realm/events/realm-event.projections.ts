import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { RealmDeactivatedEvent } from './realm-deactivation.events';
import { RealmDomainChange, RealmDomainsChangedEvent } from './realm-domains-changed.event';
import { presentRealmDomain } from '../api/realm-domain.presenter';
import { RealmSettingsChangedEvent } from './realm-settings-changed.event';
import { UserSettingsDefaultsChangedEvent } from './user-settings-defaults-changed.event';

/** The client events of the realm module's domain events: one method per domain event. */
@Injectable()
export class RealmEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /**
   * One `realm` event per changed setting, as Zulip sends them: `update` for a plain
   * property (do_set_realm_property), `update_dict` with `property: "default"` for a group
   * setting (do_change_realm_permission_group_setting), `update_dict` with the picture's
   * name for an icon or logo (do_change_icon_source, do_change_logo_source).
   */
  @OnCommitted(RealmSettingsChangedEvent)
  realmSettingsChanged(event: RealmSettingsChangedEvent): void {
    for (const change of event.changes) {
      const wire = change.kind === 'property'
        ? { type: 'realm', op: 'update', property: change.property, value: change.value }
        : change.kind === 'image'
          ? { type: 'realm', op: 'update_dict', property: change.property, data: change.data }
          : { type: 'realm', op: 'update_dict', property: 'default', data: { [change.setting]: change.value } };
      this.dispatcher.dispatch({
        realmId: event.realmId,
        userIds: event.audienceUserIds,
        eventType: 'realm',
        render: () => wire,
      });
    }
  }

  /** Zulip's `do_add_realm_domain`, `do_change_realm_domain` and `do_remove_realm_domain`: one `realm_domains` event. */
  @OnCommitted(RealmDomainsChangedEvent)
  realmDomainsChanged(event: RealmDomainsChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'realm_domains',
      render: () => ({ type: 'realm_domains', ...realmDomainsPayload(event.change) }),
    });
  }

  /** Zulip's `do_set_realm_user_default_setting`: one `realm_user_settings_defaults` update per change. */
  @OnCommitted(UserSettingsDefaultsChangedEvent)
  userSettingsDefaultsChanged(event: UserSettingsDefaultsChangedEvent): void {
    for (const { name, value } of event.changes) {
      this.dispatcher.dispatch({
        realmId: event.realmId,
        userIds: event.audienceUserIds,
        eventType: 'realm_user_settings_defaults',
        render: () => ({ type: 'realm_user_settings_defaults', op: 'update', property: name, value }),
      });
    }
  }

  /**
   * Zulip's `do_deactivate_realm`: `realm` op `deactivated`. Only a client with a long-poll
   * open gets it (none can authenticate afterwards); it ends those polls, and the client
   * learns of the deactivation from its next request.
   */
  @OnCommitted(RealmDeactivatedEvent)
  realmDeactivated(event: RealmDeactivatedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'realm',
      render: () => ({ type: 'realm', op: 'deactivated', realm_id: event.realmId }),
    });
  }
}

function realmDomainsPayload(change: RealmDomainChange): Record<string, unknown> {
  if (change.op === 'remove') return { op: 'remove', domain: change.domain };
  return { op: change.op, realm_domain: presentRealmDomain(change.realmDomain) };
}
