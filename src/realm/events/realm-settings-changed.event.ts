import { GroupSettingValue } from '../../groups/public/group-setting';

/** A plain realm property changed: Zulip's `realm` op `update`. */
export interface RealmPropertyChange {
  kind: 'property';
  property: string;
  value: boolean | number | string | null;
}

/** A realm group-permission setting changed: Zulip's `realm` op `update_dict`. */
export interface RealmGroupSettingChange {
  kind: 'group-setting';
  setting: string;
  value: GroupSettingValue;
}

export type RealmSettingChange = RealmPropertyChange | RealmGroupSettingChange;

/** Realm settings changed; every active user of the realm hears of each change. */
export class RealmSettingsChangedEvent {
  constructor(
    readonly realmId: number,
    readonly changes: readonly RealmSettingChange[],
    readonly audienceUserIds: readonly number[],
  ) {}
}
