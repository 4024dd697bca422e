import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { Actor } from '../../shared/actor';
import { UserSettingsDefaultsChangedEvent } from '../events/user-settings-defaults-changed.event';
import { Database } from '../../platform/database/database';
import { RealmSettingsStore } from '../persistence/realm-settings.store';
import { RealmUserReader } from '../public/users.port';

export class UpdateUserSettingsDefaultsCommand {
  constructor(
    readonly actor: Actor,
    /** Settings realm defaults may set (Zulip's `RealmUserDefault`), already checked. */
    readonly settings: ReadonlyMap<string, boolean | number | string>,
    /** The server's defaults (the users module's), which a realm's stored defaults override. */
    readonly serverDefaults: Readonly<Record<string, unknown>>,
  ) {}
}

/**
 * Zulip's `update_realm_user_settings_defaults`: stores the defaults users created later
 * start with (existing users keep theirs); each value that changes is one event.
 */
@CommandHandler(UpdateUserSettingsDefaultsCommand)
export class UpdateUserSettingsDefaultsHandler implements ICommandHandler<UpdateUserSettingsDefaultsCommand, Record<string, never>> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly database: Database,
    private readonly settings: RealmSettingsStore,
    private readonly users: RealmUserReader,
  ) {}

  async execute(command: UpdateUserSettingsDefaultsCommand): Promise<Record<string, never>> {
    const { realmId } = command.actor;
    await this.tx.run(async () => {
      const stored = { ...(await this.settings.lockUserSettingsDefaults(realmId)) };
      const current: Record<string, unknown> = { ...command.serverDefaults, ...stored };
      const changes: { name: string; value: boolean | number | string }[] = [];
      for (const [name, value] of command.settings) {
        if (current[name] === value) continue;
        stored[name] = value;
        changes.push({ name, value });
      }
      if (changes.length === 0) return;
      await this.settings.setUserSettingsDefaults(realmId, stored);
      this.database.record(new UserSettingsDefaultsChangedEvent(realmId, changes, await this.users.allActiveUserIds(realmId)));
    });
    return {};
  }
}
