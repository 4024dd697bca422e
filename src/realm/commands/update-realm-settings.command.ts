import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  GroupSettingChange,
  GroupSettingValue,
  sameGroupSettingValue,
  simplifyGroupSettingValue,
} from '../../groups/public/group-setting';
import { REALM_GROUP_SETTINGS } from '../../groups/public/permission-settings';
import { SystemGroup } from '../../groups/public/system-groups';
import { RealmGroupSettingWrites } from '../../groups/commands/realm-group-setting-writes';
import { GroupDirectory } from '../../groups/queries/group-directory';
import { GroupSettingResolver } from '../../groups/commands/group-setting.resolver';
import { RealmGroupSettingsReader } from '../../groups/queries/realm-group-settings.reader';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { requireRealmOwner } from '../../shared/authorization';
import { Actor } from '../../shared/actor';
import { RealmSettingChange, RealmSettingsChangedEvent } from '../events/realm-settings-changed.event';
import { ANNOUNCEMENT_CHANNEL_SETTINGS, AnnouncementChannelSetting, checkRealmProperty, COLUMN_PROPERTIES, effectiveRealmProperties, REALM_PROPERTIES, RealmPropertyOptions, RealmPropertyValue } from '../public/realm-properties';
import { CallSettings } from '../../platform/config/settings';
import { ApiError } from '../../shared/api-error';
import { Database } from '../../platform/database/database';
import { RealmSettingsStore } from '../persistence/realm-settings.store';
import { RealmChannelReader } from '../public/channels.port';
import { RealmUserReader } from '../public/users.port';

export class UpdateRealmSettingsCommand {
  constructor(
    readonly actor: Actor,
    /** Group settings by name (without `realm_`), in the `{new, old}` form. */
    readonly groupSettings: ReadonlyMap<string, GroupSettingChange>,
    readonly enableSpectatorAccess: boolean | undefined,
    /** Plain realm properties (realm-properties.ts) as decoded, in REALM_PROPERTIES order; the handler checks them. */
    readonly properties: ReadonlyMap<string, RealmPropertyValue> = new Map(),
    /** The channels notices go to, by setting (-1: none), in Zulip's order. */
    readonly announcementChannels: ReadonlyMap<AnnouncementChannelSetting, number> = new Map(),
  ) {}
}

/** Zulip's value for "no announcement channel". */
const NO_CHANNEL = -1;

/**
 * The settings Zulip's update_realm reserves to organization owners (of those this server
 * supports): who may invite and how, who manages groups and billing.
 */
const OWNER_ONLY_SETTINGS: ReadonlySet<string> = new Set([
  'create_multiuse_invite_group',
  'can_create_groups',
  'can_invite_users_group',
  'can_manage_all_groups',
  'can_manage_billing_group',
]);

/** What PATCH /realm answers besides the envelope: each changed setting's new value. */
export type UpdateRealmSettingsResult = Record<string, GroupSettingValue | RealmPropertyValue>;

/**
 * Zulip's `update_realm` for the settings this server supports: plain properties first,
 * then the group settings in Realm.REALM_PERMISSION_GROUP_SETTINGS order, each checked
 * against its `old` value and its rules. A setting already at the requested value is
 * left alone and produces no event. Everything commits together.
 */
@CommandHandler(UpdateRealmSettingsCommand)
export class UpdateRealmSettingsHandler implements ICommandHandler<UpdateRealmSettingsCommand, UpdateRealmSettingsResult> {
  constructor(
    private readonly settings: RealmSettingsStore,
    private readonly users: RealmUserReader,
    private readonly channels: RealmChannelReader,
    private readonly tx: TransactionRunner,
    private readonly groups: GroupDirectory,
    private readonly resolver: GroupSettingResolver,
    private readonly realmSettings: RealmGroupSettingsReader,
    private readonly realmSettingWrites: RealmGroupSettingWrites,
    private readonly database: Database,
    private readonly calls: CallSettings,
  ) {}

  async execute(command: UpdateRealmSettingsCommand): Promise<UpdateRealmSettingsResult> {
    const { actor } = command;
    const properties = checkedProperties(command, { bigBlueButton: this.calls.bigBlueButton !== undefined });
    return this.tx.run(async () => {
      const data: UpdateRealmSettingsResult = {};
      const changes: RealmSettingChange[] = [];

      if (properties.size > 0) await this.applyProperties(actor.realmId, properties, data, changes);

      if (command.enableSpectatorAccess !== undefined) {
        const current = await this.settings.lockColumn<boolean>(actor.realmId, 'enable_spectator_access');
        if (current !== command.enableSpectatorAccess) {
          await this.settings.setColumn(actor.realmId, 'enable_spectator_access', command.enableSpectatorAccess);
          data.enable_spectator_access = command.enableSpectatorAccess;
          changes.push({ kind: 'property', property: 'enable_spectator_access', value: command.enableSpectatorAccess });
        }
      }

      for (const name of ANNOUNCEMENT_CHANNEL_SETTINGS) {
        const channelId = command.announcementChannels.get(name);
        if (channelId === undefined) continue;
        if (await this.applyAnnouncementChannel(actor, name, channelId)) {
          data[name] = channelId;
          changes.push({ kind: 'property', property: name, value: channelId });
        }
      }

      if (command.groupSettings.size > 0) {
        const nobody = await this.groups.systemGroupId(actor.realmId, SystemGroup.Nobody);
        for (const name of Object.keys(REALM_GROUP_SETTINGS)) {
          const change = command.groupSettings.get(name);
          if (!change) continue;
          const value = await this.applyGroupSetting(actor.realmId, name, change, nobody);
          if (value === null) continue;
          await this.realmSettingWrites.set(actor.realmId, name, value);
          data[name] = value;
          changes.push({ kind: 'group-setting', setting: name, value });
        }
      }

      if (changes.length > 0) {
        this.database.record(new RealmSettingsChangedEvent(actor.realmId, changes, await this.users.allActiveUserIds(actor.realmId)));
      }
      return data;
    });
  }

  /** Zulip's `do_set_realm_property` for each property whose value changes, in Realm.property_types order. */
  private async applyProperties(
    realmId: number,
    requested: ReadonlyMap<string, RealmPropertyValue>,
    data: UpdateRealmSettingsResult,
    changes: RealmSettingChange[],
  ): Promise<void> {
    const realm = await this.settings.lockProperties(realmId);
    const current: Record<string, RealmPropertyValue> = {
      ...effectiveRealmProperties(realm.properties),
      name: realm.name,
      description: realm.description,
    };
    const stored = { ...realm.properties };
    let storedChanged = false;
    for (const name of Object.keys(REALM_PROPERTIES)) {
      if (!requested.has(name)) continue;
      const value = requested.get(name) as RealmPropertyValue;
      if (current[name] === value) continue;
      if (COLUMN_PROPERTIES.has(name)) {
        await this.settings.setColumn(realmId, name === 'name' ? 'name' : 'description', value);
      } else {
        stored[name] = value;
        storedChanged = true;
      }
      data[name] = value;
      changes.push({ kind: 'property', property: name, value });
    }
    if (storedChanged) await this.settings.setProperties(realmId, stored);
  }

  /**
   * Zulip's `do_set_realm_new_stream_announcements_stream` (and the sign-up twin): a
   * channel id must name an active channel of the realm (`access_stream_by_id` without
   * content access: administrators see every channel's metadata), else "Invalid channel
   * ID"; a negative id turns the notices off. Answers whether the column changed.
   */
  private async applyAnnouncementChannel(actor: Actor, name: AnnouncementChannelSetting, channelId: number): Promise<boolean> {
    let stored: number | null = null;
    if (channelId >= 0) {
      const channel = await this.channels.findById(actor.realmId, channelId);
      if (!channel || channel.deactivated) throw ApiError.invalidChannel();
      stored = channelId;
    }
    const current = await this.settings.lockColumn<number | null>(actor.realmId, name);
    if ((current ?? NO_CHANNEL) === (stored ?? NO_CHANNEL)) return false;
    await this.settings.setColumn(actor.realmId, name, stored);
    return true;
  }

  /**
   * Zulip's `validate_group_setting_value_change`: the `old` value must match the current
   * one; returns the simplified new value, or null when nothing would change.
   */
  private async applyGroupSetting(
    realmId: number,
    name: string,
    change: GroupSettingChange,
    nobody: number,
  ): Promise<GroupSettingValue | null> {
    const currentId = (await this.realmSettings.all(realmId)).get(name);
    if (currentId === undefined) throw new Error(`unknown realm group setting ${name}`);
    const old = change.old === undefined ? undefined : simplifyGroupSettingValue(change.old, nobody);
    await this.resolver.expectCurrentValue(currentId, old);
    const value = simplifyGroupSettingValue(change.new, nobody);
    const current = (await this.groups.settingValues([currentId])).get(currentId);
    if (current !== undefined && sameGroupSettingValue(current, value)) return null;
    return value;
  }
}

/**
 * The requested properties' values, checked in Zulip's order (the endpoint's administrator
 * check has passed): the retention period is refused to administrators before its value is
 * looked at, the owner-only settings after every value.
 */
function checkedProperties(command: UpdateRealmSettingsCommand, options: RealmPropertyOptions): Map<string, RealmPropertyValue> {
  const checked = new Map<string, RealmPropertyValue>();
  for (const [name, value] of command.properties) {
    if (REALM_PROPERTIES[name].kind === 'retention-days') requireRealmOwner(command.actor);
    checked.set(name, checkRealmProperty(name, value, options));
  }
  const ownerOnly = [...command.groupSettings.keys()].some((name) => OWNER_ONLY_SETTINGS.has(name))
    || [...checked.keys()].some((name) => REALM_PROPERTIES[name].ownerOnly === true);
  if (ownerOnly) requireRealmOwner(command.actor);
  return checked;
}
