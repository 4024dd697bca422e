import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { GroupSettingChange, GroupSettingValue, sameGroupSettingValue, simplifyGroupSettingValue } from '../../groups/public/group-setting';
import { CHANNEL_GROUP_SETTINGS, ChannelGroupSetting } from '../../groups/public/permission-settings';
import { SystemGroup } from '../../groups/public/system-groups';
import { GroupSettingResolver } from '../../groups/commands/group-setting.resolver';
import { GroupDirectory } from '../../groups/queries/group-directory';
import { RealmGroupSettingsReader } from '../../groups/queries/realm-group-settings.reader';
import { DescriptionRenderer } from '../../realm/public/markdown.port';
import { ServerSettings } from '../../platform/config/settings';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { realmRetentionDays } from '../../realm/public/realm-properties';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { insufficientPermission, requireRealmAdmin, requireRealmOwner } from '../../shared/authorization';
import { Actor } from '../../shared/actor';
import { ChannelViews } from '../queries/channel-views';
import { ChannelPolicy } from '../public/channel-policy';
import { checkChannelDescription, checkChannelName, MAX_CHANNEL_DESCRIPTION_LENGTH, StreamPostPolicy } from '../public/channel-rules';
import {
  channelRenamedNotice,
  descriptionChangedNotice,
  permissionChangedNotice,
  postingPermissionChangedNotice,
  retentionChangedNotice,
  SettingHolders,
} from '../public/channel-notices';
import {
  ChannelAudienceChangedEvent,
  ChannelPropertyUpdate,
  ChannelUpdatedEvent,
} from '../events/channel-update-events';
import { ChannelNoticeEvent } from '../events/channel-notice-events';
import { AccessedChannel, ChannelAccessLoader } from '../access/channel-access.loader';
import { ChannelRepository } from '../persistence/channel.repository';
import { ChannelViewers } from '../queries/channel-viewers';
import { DefaultChannels } from '../persistence/default-channels';
import { StreamRow } from '../public/stream-row';
import { Database } from '../../platform/database/database';
import { UserDirectory } from '../../users/queries/user-directory';

export interface ChannelChanges {
  newName?: string;
  description?: string;
  isPrivate?: boolean;
  isWebPublic?: boolean;
  historyPublicToSubscribers?: boolean;
  isDefaultStream?: boolean;
  /** null: inherit the realm's; -1: forever. */
  messageRetentionDays?: number | null;
  groupSettings: Partial<Record<ChannelGroupSetting, GroupSettingChange>>;
}

/** `PATCH /streams/{stream_id}`: Zulip's update_stream_backend at feature level 372. */
export class UpdateChannelCommand {
  constructor(
    readonly user: Actor,
    readonly streamId: number,
    readonly changes: ChannelChanges,
  ) {}
}

/** Group settings whose change needs content access (the rest need metadata access). */
const CONTENT_ACCESS_SETTINGS: readonly ChannelGroupSetting[] = ['can_add_subscribers_group', 'can_subscribe_group'];

const COLUMNS: Record<ChannelGroupSetting, keyof StreamRow> = {
  can_add_subscribers_group: 'canAddSubscribersGroupId',
  can_administer_channel_group: 'canAdministerChannelGroupId',
  can_remove_subscribers_group: 'canRemoveSubscribersGroupId',
  can_send_message_group: 'canSendMessageGroupId',
  can_subscribe_group: 'canSubscribeGroupId',
};

@CommandHandler(UpdateChannelCommand)
export class UpdateChannelHandler implements ICommandHandler<UpdateChannelCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly server: ServerSettings,
    private readonly access: ChannelAccessLoader,
    private readonly channels: ChannelRepository,
    private readonly viewers: ChannelViewers,
    private readonly views: ChannelViews,
    private readonly defaults: DefaultChannels,
    private readonly groups: GroupDirectory,
    private readonly resolver: GroupSettingResolver,
    private readonly realmSettings: RealmGroupSettingsReader,
    private readonly realms: RealmDirectory,
    private readonly database: Database,
    private readonly users: UserDirectory,
    private readonly descriptions: DescriptionRenderer,
  ) {}

  async execute({ user, streamId, changes }: UpdateChannelCommand): Promise<void> {
    await this.tx.run(async () => {
      const found = await this.access.requireAdministrable(user, streamId);
      await this.changePrivacy(user, found, changes);
      const { stream } = found;
      if (changes.isDefaultStream !== undefined) {
        requireRealmAdmin(user);
        await this.defaults.set(user.realmId, stream.id, changes.isDefaultStream);
      }
      if (changes.messageRetentionDays !== undefined) {
        requireRealmOwner(user);
        await this.changeRetention(user, stream, changes.messageRetentionDays);
      }
      if (changes.description !== undefined) await this.changeDescription(user, stream, changes.description);
      if (changes.newName !== undefined) await this.rename(user, stream, changes.newName);
      for (const setting of Object.keys(CHANNEL_GROUP_SETTINGS) as ChannelGroupSetting[]) {
        const change = changes.groupSettings[setting];
        if (change) await this.changeGroupSetting(user, found, setting, change);
      }
    });
  }

  private async changePrivacy(user: Actor, found: AccessedChannel, changes: ChannelChanges): Promise<void> {
    const { stream, actor, subscribed } = found;
    const isPrivate = changes.isPrivate ?? stream.inviteOnly;
    const isWebPublic = changes.isWebPublic ?? stream.isWebPublic;
    const isDefault =
      changes.isDefaultStream ?? (await this.channels.defaultChannelIds(user.realmId)).includes(stream.id);
    const historyPublic =
      changes.historyPublicToSubscribers ?? (changes.isPrivate !== undefined ? !changes.isPrivate : stream.historyPublicToSubscribers);
    if (isWebPublic && (!historyPublic || isPrivate)) throw ApiError.badRequest('Invalid parameters');
    if (!isPrivate && !historyPublic) throw ApiError.badRequest('Invalid parameters');
    if (isPrivate && isDefault) throw ApiError.badRequest('A default channel cannot be private.');
    if (changes.isPrivate !== undefined) {
      if (!ChannelPolicy.hasContentAccess(actor, stream, subscribed)) {
        throw ApiError.badRequest('Channel content access is required.');
      }
      const setting = changes.isPrivate ? 'can_create_private_channel_group' : 'can_create_public_channel_group';
      if (!actor.groupIds.has(await this.realmSettings.groupId(user.realmId, setting))) throw insufficientPermission();
    }
    if (changes.isWebPublic) {
      const realm = await this.realms.requireById(user.realmId);
      if (!this.server.webPublicStreamsEnabled || !realm.enableSpectatorAccess) {
        throw ApiError.badRequest('Web-public channels are not enabled.');
      }
      const group = await this.realmSettings.groupId(user.realmId, 'can_create_web_public_channel_group');
      if (!actor.groupIds.has(group)) throw insufficientPermission();
    }
    if (changes.isPrivate === undefined && changes.isWebPublic === undefined && changes.historyPublicToSubscribers === undefined) {
      return;
    }
    const before = await this.viewers.of(stream);
    const old = { inviteOnly: stream.inviteOnly, isWebPublic: stream.isWebPublic, history: stream.historyPublicToSubscribers };
    await this.channels.setPrivacy(stream.id, isPrivate, isWebPublic, historyPublic);
    Object.assign(stream, { inviteOnly: isPrivate, isWebPublic, historyPublicToSubscribers: historyPublic });
    const updates: ChannelPropertyUpdate[] = [];
    const update = (property: string, value: unknown, extra?: Record<string, unknown>) =>
      updates.push({ streamId: stream.id, name: stream.name, property, value, extra });
    if (old.inviteOnly !== isPrivate) {
      update('invite_only', isPrivate, { history_public_to_subscribers: historyPublic, is_web_public: isWebPublic });
    }
    if (old.history !== historyPublic) update('history_public_to_subscribers', historyPublic);
    if (old.isWebPublic !== isWebPublic) update('is_web_public', isWebPublic);
    await this.recordWithAudienceChange(stream, before.metadata, updates);
    if (updates.length > 0) {
      const notice = permissionChangedNotice(
        user,
        { inviteOnly: old.inviteOnly, isWebPublic: old.isWebPublic, historyPublicToSubscribers: old.history },
        stream,
      );
      this.database.record(new ChannelNoticeEvent(stream.realmId, stream.id, notice));
    }
  }

  /**
   * Records property updates for users who could see the channel before and after;
   * users who gained sight of it get it created (with its subscribers), those who lost
   * it see it deleted (Zulip's pattern for changes of who may see a channel).
   */
  private async recordWithAudienceChange(
    stream: StreamRow,
    before: readonly number[],
    updates: ChannelPropertyUpdate[],
  ): Promise<void> {
    const after = await this.viewers.of(stream);
    const old = new Set(before);
    const now = new Set(after.metadata);
    const gained = after.metadata.filter((id) => !old.has(id));
    const lost = before.filter((id) => !now.has(id));
    const stayed = after.metadata.filter((id) => old.has(id));
    if (updates.length > 0) this.database.record(new ChannelUpdatedEvent(stream.realmId, updates, stayed));
    if (gained.length > 0 || lost.length > 0) {
      const [view] = await this.views.of([stream]);
      this.database.record(new ChannelAudienceChangedEvent(stream.realmId, view, after.subscribers, gained, lost));
    }
  }

  private async changeRetention(user: Actor, stream: StreamRow, days: number | null): Promise<void> {
    if (stream.messageRetentionDays === days) return;
    const oldDays = stream.messageRetentionDays;
    await this.channels.setRetentionDays(stream.id, days);
    stream.messageRetentionDays = days;
    await this.recordForViewers(stream, [{ streamId: stream.id, name: stream.name, property: 'message_retention_days', value: days }]);
    // A channel's null is the realm's period, as Zulip words the notice.
    const realmDays = realmRetentionDays((await this.realms.requireById(stream.realmId)).properties);
    const effective = (value: number | null) => value ?? realmDays;
    this.database.record(new ChannelNoticeEvent(stream.realmId, stream.id, retentionChangedNotice(user, effective(oldDays), effective(days))));
  }

  private async changeDescription(user: Actor, stream: StreamRow, raw: string): Promise<void> {
    // The view's own length check (pydantic's wording), before anything else.
    if ([...raw].length > MAX_CHANNEL_DESCRIPTION_LENGTH) {
      throw ApiError.badRequest(`description is too long (limit: ${MAX_CHANNEL_DESCRIPTION_LENGTH} characters)`);
    }
    // Zulip keeps descriptions on one line.
    const description = checkChannelDescription(raw.replace(/\n/g, ' '));
    const rendered = await this.descriptions.renderDescription(stream.realmId, description, user.id);
    const oldDescription = stream.description;
    await this.channels.setDescription(stream.id, description, rendered);
    Object.assign(stream, { description, renderedDescription: rendered });
    await this.recordForViewers(stream, [
      { streamId: stream.id, name: stream.name, property: 'description', value: description, extra: { rendered_description: rendered } },
    ]);
    this.database.record(new ChannelNoticeEvent(stream.realmId, stream.id, descriptionChangedNotice(user, oldDescription, description)));
  }

  private async rename(user: Actor, stream: StreamRow, raw: string): Promise<void> {
    const trimmed = raw.trim();
    if (trimmed === stream.name) throw ApiError.badRequest('Channel already has that name.');
    const name = checkChannelName(trimmed);
    if (name.toLowerCase() !== stream.name.toLowerCase()) {
      const taken = await this.channels.findByName(stream.realmId, name);
      if (taken) throw new ApiError(`Channel '${name}' already exists`, 'STREAM_ALREADY_EXISTS', 400, { stream: name });
    }
    const oldName = stream.name;
    await this.channels.setName(stream.id, name);
    stream.name = name;
    await this.recordForViewers(stream, [{ streamId: stream.id, name: oldName, property: 'name', value: name }]);
    this.database.record(new ChannelNoticeEvent(stream.realmId, stream.id, channelRenamedNotice(user, oldName, name)));
  }

  private async changeGroupSetting(
    user: Actor,
    found: AccessedChannel,
    setting: ChannelGroupSetting,
    change: GroupSettingChange,
  ): Promise<void> {
    const { stream, actor, subscribed } = found;
    const column = COLUMNS[setting];
    const currentId = stream[column] as number;
    const nobody = await this.groups.systemGroupId(stream.realmId, SystemGroup.Nobody);
    const current = (await this.groups.settingValues([currentId])).get(currentId);
    if (change.old !== undefined) {
      const expected = simplifyGroupSettingValue(change.old, nobody);
      await this.resolver.expectCurrentValue(currentId, expected);
    }
    const wanted = simplifyGroupSettingValue(change.new, nobody);
    if (current !== undefined && sameGroupSettingValue(current, wanted)) return;
    if (CONTENT_ACCESS_SETTINGS.includes(setting) && !ChannelPolicy.hasContentAccess(actor, stream, subscribed)) {
      throw ApiError.badRequest('Channel content access is required.');
    }
    // Before the resolver: it may rewrite the current anonymous group in place.
    const before = await this.viewers.of(stream);
    const [oldView] = await this.views.of([stream]);
    const groupId = await this.resolver.resolve(stream.realmId, setting, wanted, CHANNEL_GROUP_SETTINGS[setting], currentId);
    await this.channels.setGroupSetting(stream.id, setting, groupId);
    await this.resolver.releaseReplaced(currentId, groupId);
    Object.assign(stream, { [column]: groupId });
    const value = (await this.groups.settingValues([groupId])).get(groupId);
    const updates: ChannelPropertyUpdate[] = [{ streamId: stream.id, name: stream.name, property: setting, value }];
    if (setting === 'can_send_message_group') {
      const [newView] = await this.views.of([stream]);
      if (oldView.postPolicy !== newView.postPolicy) {
        updates.push({ streamId: stream.id, name: stream.name, property: 'stream_post_policy', value: newView.postPolicy });
        const announcementOnly = newView.postPolicy === StreamPostPolicy.Administrators;
        updates.push({ streamId: stream.id, name: stream.name, property: 'is_announcement_only', value: announcementOnly });
      }
    }
    await this.recordWithAudienceChange(stream, before.metadata, updates);
    if (setting === 'can_send_message_group' && current !== undefined && value !== undefined) {
      const notice = postingPermissionChangedNotice(user, await this.holders(current), await this.holders(value));
      this.database.record(new ChannelNoticeEvent(stream.realmId, stream.id, notice));
    }
  }

  /** The groups and users a group-setting value names, for a notice. */
  private async holders(value: GroupSettingValue): Promise<SettingHolders> {
    const groupIds = typeof value === 'number' ? [value] : value.direct_subgroups;
    const userIds = typeof value === 'number' ? [] : value.direct_members;
    return { groups: await this.groups.namesOf(groupIds), users: await this.users.fullNames(userIds) };
  }

  private async recordForViewers(stream: StreamRow, updates: ChannelPropertyUpdate[]): Promise<void> {
    const { metadata } = await this.viewers.of(stream);
    this.database.record(new ChannelUpdatedEvent(stream.realmId, updates, metadata));
  }
}
