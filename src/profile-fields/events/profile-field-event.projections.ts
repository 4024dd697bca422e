import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { ProfileDataChangedEvent, ProfileFieldsChangedEvent } from './profile-field-events';
import { presentField } from '../api/profile-field.presenter';

/** The client events of the profile-fields module's domain events: one method per domain event. */
@Injectable()
export class ProfileFieldEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /** `custom_profile_fields` with the full list, to every active user (Zulip's notify_realm_custom_profile_fields). */
  @OnCommitted(ProfileFieldsChangedEvent)
  profileFieldsChanged(event: ProfileFieldsChangedEvent): void {
    const fields = event.fields.map(presentField);
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'custom_profile_fields',
      render: () => ({ type: 'custom_profile_fields', fields: fields.map((field) => ({ ...field })) }),
    });
  }

  /**
   * `realm_user` update with `custom_profile_field`, one per changed value, as Zulip's
   * notify_user_update_custom_profile_data sends them; `rendered_value` only when there is one.
   */
  @OnCommitted(ProfileDataChangedEvent)
  profileDataChanged(event: ProfileDataChangedEvent): void {
    this.dispatcher.dispatch(
      ...event.changes.map((change) => ({
        realmId: event.realmId,
        userIds: event.audienceUserIds,
        eventType: 'realm_user',
        render: () => {
          const field: Record<string, unknown> = { id: change.id, value: change.value };
          if (change.renderedValue) field.rendered_value = change.renderedValue;
          return { type: 'realm_user', op: 'update', person: { user_id: event.userId, custom_profile_field: field } };
        },
      })),
    );
  }
}
