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

/** A picture changed (`icon`, `logo`, `night_logo`): Zulip's `realm` op `update_dict` with its URL and source. */
export interface RealmImageChange {
  kind: 'image';
  property: string;
  data: Record<string, string>;
}

export type RealmSettingChange = RealmPropertyChange | RealmGroupSettingChange | RealmImageChange;

/** Realm settings changed; every active user of the realm hears of each change. */
export class RealmSettingsChangedEvent {
  constructor(
    readonly realmId: number,
    readonly changes: readonly RealmSettingChange[],
    readonly audienceUserIds: readonly number[],
  ) {}
}
