import { Injectable } from '@nestjs/common';
import { RealmGroupSettingsRepository } from '../persistence/realm-group-settings.repository';
import { REALM_GROUP_SETTINGS } from '../public/permission-settings';

/** A realm's group-backed permission settings, as other modules read them (the groups module's read facade). */
@Injectable()
export class RealmGroupSettingsReader {
  constructor(private readonly settings: RealmGroupSettingsRepository) {}

  /**
   * The SQL that reads a realm's stored settings as one JSON object (name to group id), for
   * a caller reading them beside other things; `withDefaults` completes what it read.
   */
  static storedSettingsSql(realmIdExpression: string): string {
    return RealmGroupSettingsRepository.storedSettingsSql(realmIdExpression);
  }

  /** Every realm group setting, name (without `realm_`) to its group id. */
  all(realmId: number): Promise<Map<string, number>> {
    return this.settings.all(realmId);
  }

  /** Every setting: the stored ones, and the system-group defaults of the rest. */
  withDefaults(realmId: number, stored: ReadonlyMap<string, number>): Promise<Map<string, number>> {
    return this.settings.withDefaults(realmId, stored);
  }

  groupId(realmId: number, name: keyof typeof REALM_GROUP_SETTINGS): Promise<number> {
    return this.settings.groupId(realmId, name);
  }
}
