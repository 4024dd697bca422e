import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UpdateProfileDataCommand } from '../../profile-fields/commands/update-profile-data.command';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { checkAdministrableUser, checkRoleChange } from '../../users/public/user-admin-rules';
import { Role } from '../../shared/roles';
import { checkFullName } from '../../users/public/user-rules';
import { UserDirectory } from '../../users/queries/user-directory';
import { UserByEmailReader } from '../../users/queries/user-by-email.reader';
import { FullNameChange } from './full-name-change';
import { DemotedOwnerBots } from './demoted-owner-bots';
import { RoleChange } from './role-change';
import { Database } from '../../platform/database/database';

/**
 * `PATCH /users/{user_id}`: an administrator renames a user, changes their role or their
 * custom profile field values. The user may be named by email instead (`PATCH /users/{email}`,
 * Zulip's `update_user_by_email_api`).
 */
export class UpdateUserCommand {
  constructor(
    readonly actor: { id: number; role: number; realmId: number; isBot?: boolean },
    readonly user: number | { email: string },
    readonly changes: { fullName?: string; role?: number; profileData?: readonly { id: number; value: unknown }[] },
  ) {}
}

@CommandHandler(UpdateUserCommand)
export class UpdateUserHandler implements ICommandHandler<UpdateUserCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: UserDirectory,
    private readonly roles: RoleChange,
    private readonly names: FullNameChange,
    private readonly demotedBots: DemotedOwnerBots,
    private readonly byEmail: UserByEmailReader,
    private readonly database: Database,
    private readonly commandBus: CommandBus,
  ) {}

  async execute(command: UpdateUserCommand): Promise<void> {
    const { actor, changes } = command;
    await this.tx.run(async () => {
      const userId = typeof command.user === 'number'
        ? command.user
        // Zulip's `access_user_by_email`: an address the actor may not see names no user.
        : (await this.byEmail.findVisibleByEmail(actor.realmId, command.user.email, actor.role))?.id;
      const found = userId === undefined ? null : await this.users.lockAdministrable(actor.realmId, userId);
      const target = checkAdministrableUser(actor, found, { allowBots: true, allowDeactivated: true });
      if (changes.role !== undefined && changes.role !== target.role) {
        checkRoleChange(actor.role, target, changes.role, await this.roles.humanOwnerCount(actor.realmId));
        await this.roles.apply(actor.realmId, target.id, target.role, changes.role);
        if (changes.role === Role.Guest && !target.isBot) await this.demotedBots.handOver(actor, target);
      }
      // As Zulip: an unchanged or blank name is no request to rename.
      const { fullName } = changes;
      if (fullName !== undefined && fullName !== target.fullName && fullName.trim() !== '') {
        await this.names.apply(target, checkFullName(fullName));
      }
      if (changes.profileData !== undefined) {
        await this.commandBus.execute(new UpdateProfileDataCommand({ ...actor, isBot: actor.isBot ?? false }, changes.profileData, target.id));
      }
    });
  }
}
