import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import {
  UserGroupCreatedEvent,
  UserGroupMembersChangedEvent,
  UserGroupSubgroupsChangedEvent,
  UserGroupUpdatedEvent,
} from './user-group-events';
import { presentUserGroups } from '../api/user-group.presenter';

/** The `user_group` client events of the groups module's domain events: one method per domain event. */
@Injectable()
export class UserGroupEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /** `user_group` add. */
  @OnCommitted(UserGroupCreatedEvent)
  userGroupCreated(event: UserGroupCreatedEvent): void {
    const [group] = presentUserGroups(event.group);
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'user_group',
      render: () => ({ type: 'user_group', op: 'add', group }),
    });
  }

  /**
   * `user_group` update. Clients without `include_deactivated_groups` learn of a
   * deactivation as `remove`, and are not told of a deactivated group's new name.
   */
  @OnCommitted(UserGroupUpdatedEvent)
  userGroupUpdated(event: UserGroupUpdatedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'user_group',
      render: (queue) => {
        if (!queue.capabilities.include_deactivated_groups) {
          if (event.data.deactivated === true) return { type: 'user_group', op: 'remove', group_id: event.groupId };
          if (event.data.name !== undefined && event.groupDeactivated) return null;
        }
        return { type: 'user_group', op: 'update', group_id: event.groupId, data: event.data };
      },
    });
  }

  /** `user_group` add_members / remove_members. */
  @OnCommitted(UserGroupMembersChangedEvent)
  userGroupMembersChanged(event: UserGroupMembersChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'user_group',
      render: () => ({ type: 'user_group', op: event.op, group_id: event.groupId, user_ids: [...event.userIds] }),
    });
  }

  /** `user_group` add_subgroups / remove_subgroups. */
  @OnCommitted(UserGroupSubgroupsChangedEvent)
  userGroupSubgroupsChanged(event: UserGroupSubgroupsChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'user_group',
      render: () => ({
        type: 'user_group',
        op: event.op,
        group_id: event.groupId,
        direct_subgroup_ids: [...event.subgroupIds],
      }),
    });
  }
}
