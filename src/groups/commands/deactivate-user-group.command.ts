import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { UserGroupUpdatedEvent } from '../events/user-group-events';
import { GroupUsageReader } from '../persistence/group-usage.reader';
import { UserGroupAccess } from '../access/user-group.access';
import { UserGroupStore } from '../persistence/user-group.store';
import { GroupsUserReader } from '../public/users.port';
import { Database } from '../../platform/database/database';

/** `POST /user_groups/{id}/deactivate`. */
export class DeactivateUserGroupCommand {
  constructor(
    readonly actor: Actor,
    readonly groupId: number,
  ) {}
}

@CommandHandler(DeactivateUserGroupCommand)
export class DeactivateUserGroupHandler implements ICommandHandler<DeactivateUserGroupCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: UserGroupStore,
    private readonly users: GroupsUserReader,
    private readonly access: UserGroupAccess,
    private readonly usage: GroupUsageReader,
    private readonly database: Database,
  ) {}

  async execute(command: DeactivateUserGroupCommand): Promise<void> {
    const { actor: user } = command;
    await this.tx.run(async () => {
      const actor = await this.access.actor(user);
      const group = await this.access.forUpdate(actor, command.groupId, 'can_manage_group', false);
      // A group still in use would leave a setting or a supergroup pointing at a dead group.
      const objections = await this.usage.objections(user.realmId, group.id);
      if (objections.length > 0) {
        throw new ApiError('Cannot deactivate user group in use.', 'CANNOT_DEACTIVATE_GROUP_IN_USE', 400, { objections });
      }
      await this.store.update(group.id, { deactivated: true });
      const audience = await this.users.allActiveUserIds(user.realmId);
      this.database.record(new UserGroupUpdatedEvent(user.realmId, audience, group.id, { deactivated: true }, true));
    });
  }
}
