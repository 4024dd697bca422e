import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  GroupSettingChange,
  GroupSettingValue,
  sameGroupSettingValue,
  simplifyGroupSettingValue,
} from '../../groups/domain/group-setting';
import { REALM_GROUP_SETTINGS } from '../../groups/domain/permission-settings';
import { SystemGroup } from '../../groups/domain/system-groups';
import { GroupRepository } from '../../groups/persistence/group.repository';
import { GroupSettingResolver } from '../../groups/persistence/group-setting.resolver';
import { RealmGroupSettingsRepository } from '../../groups/persistence/realm-group-settings.repository';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { RequestUser } from '../../wire/request-context';
import { RealmSettingChange, RealmSettingsChangedEvent } from '../events/realm-settings-changed.event';

export class UpdateRealmSettingsCommand {
  constructor(
    readonly actor: RequestUser,
    /** Group settings by name (without `realm_`), in the `{new, old}` form. */
    readonly groupSettings: ReadonlyMap<string, GroupSettingChange>,
    readonly enableSpectatorAccess: boolean | undefined,
    readonly avatarChangesDisabled?: boolean,
  ) {}
}

/** What PATCH /realm answers besides the envelope: each changed setting's new value. */
export type UpdateRealmSettingsResult = Record<string, GroupSettingValue | boolean>;

/**
 * Zulip's `update_realm` for the settings this server supports: plain properties first,
 * then the group settings in Realm.REALM_PERMISSION_GROUP_SETTINGS order, each checked
 * against its `old` value and its rules. A setting already at the requested value is
 * left alone and produces no event. Everything commits together.
 */
@CommandHandler(UpdateRealmSettingsCommand)
export class UpdateRealmSettingsHandler implements ICommandHandler<UpdateRealmSettingsCommand, UpdateRealmSettingsResult> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly groups: GroupRepository,
    private readonly resolver: GroupSettingResolver,
    private readonly realmSettings: RealmGroupSettingsRepository,
  ) {}

  async execute(command: UpdateRealmSettingsCommand): Promise<UpdateRealmSettingsResult> {
    const { actor } = command;
    return this.tx.run(async (uow) => {
      const data: UpdateRealmSettingsResult = {};
      const changes: RealmSettingChange[] = [];

      // Plain boolean properties, in Realm.property_types order.
      const booleans: [string, boolean | undefined][] = [
        ['avatar_changes_disabled', command.avatarChangesDisabled],
        ['enable_spectator_access', command.enableSpectatorAccess],
      ];
      for (const [property, value] of booleans) {
        if (value === undefined) continue;
        // The column names are the fixed list above, never client input.
        const [realm] = await uow.query<Record<string, boolean>>(
          `SELECT ${property} AS value FROM realm WHERE id = $1 FOR UPDATE`,
          [actor.realmId],
        );
        if (realm.value === value) continue;
        await uow.query(`UPDATE realm SET ${property} = $2 WHERE id = $1`, [actor.realmId, value]);
        data[property] = value;
        changes.push({ kind: 'property', property, value });
      }

      if (command.groupSettings.size > 0) {
        const nobody = await this.groups.systemGroupId(actor.realmId, SystemGroup.Nobody, uow);
        for (const [name, rules] of Object.entries(REALM_GROUP_SETTINGS)) {
          const change = command.groupSettings.get(name);
          if (!change) continue;
          const value = await this.applyGroupSetting(uow, actor.realmId, name, change, nobody);
          if (value === null) continue;
          const currentId = await this.realmSettings.groupId(actor.realmId, name as keyof typeof REALM_GROUP_SETTINGS, uow);
          const newId = await this.resolver.resolve(uow, actor.realmId, name, value, rules, currentId);
          await this.realmSettings.set(uow, actor.realmId, name, newId);
          await this.resolver.releaseReplaced(uow, currentId, newId);
          data[name] = value;
          changes.push({ kind: 'group-setting', setting: name, value });
        }
      }

      if (changes.length > 0) {
        const audience = await uow.query<{ id: number }>(
          `SELECT id FROM user_profile WHERE realm_id = $1 AND is_active`,
          [actor.realmId],
        );
        uow.record(new RealmSettingsChangedEvent(actor.realmId, changes, audience.map((row) => row.id)));
      }
      return data;
    });
  }

  /**
   * Zulip's `validate_group_setting_value_change`: the `old` value must match the current
   * one; returns the simplified new value, or null when nothing would change.
   */
  private async applyGroupSetting(
    uow: UnitOfWork,
    realmId: number,
    name: string,
    change: GroupSettingChange,
    nobody: number,
  ): Promise<GroupSettingValue | null> {
    const currentId = (await this.realmSettings.all(realmId, uow)).get(name);
    if (currentId === undefined) throw new Error(`unknown realm group setting ${name}`);
    const old = change.old === undefined ? undefined : simplifyGroupSettingValue(change.old, nobody);
    await this.resolver.expectCurrentValue(currentId, old, uow);
    const value = simplifyGroupSettingValue(change.new, nobody);
    const current = (await this.groups.settingValues([currentId], uow)).get(currentId);
    if (current !== undefined && sameGroupSettingValue(current, value)) return null;
    return value;
  }
}
