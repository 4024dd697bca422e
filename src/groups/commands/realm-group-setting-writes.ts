import { Injectable } from '@nestjs/common';
import { GroupSettingValue } from '../public/group-setting';
import { REALM_GROUP_SETTINGS } from '../public/permission-settings';
import { RealmGroupSettingsRepository } from '../persistence/realm-group-settings.repository';
import { GroupSettingResolver } from './group-setting.resolver';

/**
 * Changes a realm's group-permission settings (their rows are the groups module's) inside
 * the realm settings command's transaction.
 */
@Injectable()
export class RealmGroupSettingWrites {
  constructor(
    private readonly settings: RealmGroupSettingsRepository,
    private readonly resolver: GroupSettingResolver,
  ) {}

  /**
   * Gives the setting `name` (without `realm_`) the value `value`, checked against the
   * setting's rules: the backing group is resolved (an anonymous group the setting already
   * has is updated in place), stored, and an anonymous group it no longer uses is deleted.
   */
  async set(realmId: number, name: string, value: GroupSettingValue): Promise<void> {
    const rules = REALM_GROUP_SETTINGS[name];
    if (rules === undefined) throw new Error(`unknown realm group setting ${name}`);
    const currentId = await this.settings.groupId(realmId, name);
    const newId = await this.resolver.resolve(realmId, name, value, rules, currentId);
    await this.settings.set(realmId, name, newId);
    await this.resolver.releaseReplaced(currentId, newId);
  }
}
