import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChannelAccessLoader } from '../../channels/access/channel-access.loader';
import { ChannelDirectory } from '../../channels/queries/channel-directory';
import { StreamRow } from '../../channels/public/stream-row';
import { Database } from '../../platform/database/database';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { requireRealmAdmin } from '../../shared/authorization';
import { isGuest } from '../../shared/roles';
import { UserDirectory } from '../../users/queries/user-directory';
import { Actor } from '../../shared/actor';
import {
  checkGroupDescription,
  checkGroupName,
  groupExists,
  groupNotFound,
  invalidOp,
  isDefaultChannel,
  presentGroups,
} from '../domain/default-channel-group-rules';
import { DefaultChannelGroupsChangedEvent } from '../events/default-channel-group-events';
import { DefaultChannelGroupStore, GroupRow } from '../persistence/default-channel-group.store';

/** `POST /default_stream_groups/create`. */
export class CreateDefaultChannelGroupCommand {
  constructor(readonly actor: Actor, readonly name: string, readonly description: string, readonly channelNames: readonly string[]) {}
}

/** `PATCH /default_stream_groups/{group_id}`: at least one of them given (and not empty). */
export class UpdateDefaultChannelGroupCommand {
  constructor(readonly actor: Actor, readonly groupId: number, readonly newName: string | null, readonly newDescription: string | null) {}
}

/** `PATCH /default_stream_groups/{group_id}/streams`. */
export class UpdateDefaultChannelGroupChannelsCommand {
  constructor(readonly actor: Actor, readonly groupId: number, readonly op: string, readonly channelNames: readonly string[]) {}
}

/** `DELETE /default_stream_groups/{group_id}`. */
export class RemoveDefaultChannelGroupCommand {
  constructor(readonly actor: Actor, readonly groupId: number) {}
}

/** An archived channel leaves every group of its realm (Zulip's `do_deactivate_stream`). */
export class DropArchivedChannelFromGroupsCommand {
  constructor(readonly realmId: number, readonly streamId: number) {}
}

/**
 * The steps every change shares: the realm's channels by name as the actor may reach them
 * (Zulip's `access_stream_by_name`), the group by id, and the event with the whole list.
 */
@Injectable()
abstract class GroupChange {
  constructor(
    protected readonly tx: TransactionRunner,
    protected readonly store: DefaultChannelGroupStore,
    protected readonly channels: ChannelDirectory,
    protected readonly access: ChannelAccessLoader,
    protected readonly users: UserDirectory,
    protected readonly database: Database,
  ) {}

  protected async channelsNamed(actor: Actor, names: readonly string[]): Promise<StreamRow[]> {
    const found: StreamRow[] = [];
    for (const name of names) found.push((await this.access.requireByName(actor, name)).stream);
    return found;
  }

  protected async group(actor: Actor, groupId: number): Promise<GroupRow> {
    const group = await this.store.lock(actor.realmId, groupId);
    if (!group) throw groupNotFound(groupId);
    return group;
  }

  /** Zulip's `notify_default_stream_groups`: every active user but guests (who see no groups). */
  protected async recordChanged(realmId: number): Promise<void> {
    const audience = (await this.users.activeUserRoles(realmId)).filter((user) => !isGuest(user.role)).map((user) => user.id);
    this.database.record(new DefaultChannelGroupsChangedEvent(realmId, audience, presentGroups(await this.store.list(realmId))));
  }
}

/**
 * Zulip's `create_default_stream_group` and `do_create_default_stream_group`: the channels
 * by name, none of them a default channel, then the name, then the group with its channels.
 */
@CommandHandler(CreateDefaultChannelGroupCommand)
export class CreateDefaultChannelGroupHandler extends GroupChange implements ICommandHandler<CreateDefaultChannelGroupCommand, Record<string, never>> {
  execute({ actor, name, description, channelNames }: CreateDefaultChannelGroupCommand): Promise<Record<string, never>> {
    requireRealmAdmin(actor);
    return this.tx.run(async () => {
      const channels = await this.channelsNamed(actor, channelNames);
      const defaults = new Set(await this.channels.defaultChannelIds(actor.realmId));
      const isDefault = channels.find((channel) => defaults.has(channel.id));
      if (isDefault) throw isDefaultChannel(isDefault.name, name);
      checkGroupName(name);
      checkGroupDescription(description);
      const id = await this.store.insert(actor.realmId, name, description);
      if (id === null) throw groupExists(name);
      await this.store.addChannels(id, channels.map((channel) => channel.id));
      await this.recordChanged(actor.realmId);
      return {};
    });
  }
}

/**
 * Zulip's `update_default_stream_group_info`: a rename (refused when the group already has
 * the name or another group has it), then a new description; an event for each.
 */
@CommandHandler(UpdateDefaultChannelGroupCommand)
export class UpdateDefaultChannelGroupHandler extends GroupChange implements ICommandHandler<UpdateDefaultChannelGroupCommand, Record<string, never>> {
  execute({ actor, groupId, newName, newDescription }: UpdateDefaultChannelGroupCommand): Promise<Record<string, never>> {
    requireRealmAdmin(actor);
    return this.tx.run(async () => {
      const group = await this.group(actor, groupId);
      if (newName !== null) {
        checkGroupName(newName);
        if (group.name === newName) throw ApiError.badRequest(`This default channel group is already named '${newName}'`);
        if (!(await this.store.rename(group.id, newName))) throw groupExists(newName);
        await this.recordChanged(actor.realmId);
      }
      if (newDescription !== null) {
        checkGroupDescription(newDescription);
        await this.store.setDescription(group.id, newDescription);
        await this.recordChanged(actor.realmId);
      }
      return {};
    });
  }
}

/**
 * Zulip's `update_default_stream_group_streams`: the group, the channels by name, then the
 * op. Adding refuses default channels and channels already in the group; removing refuses
 * channels not in it. All of the channels or none (Zulip could stop halfway).
 */
@CommandHandler(UpdateDefaultChannelGroupChannelsCommand)
export class UpdateDefaultChannelGroupChannelsHandler
  extends GroupChange
  implements ICommandHandler<UpdateDefaultChannelGroupChannelsCommand, Record<string, never>>
{
  execute({ actor, groupId, op, channelNames }: UpdateDefaultChannelGroupChannelsCommand): Promise<Record<string, never>> {
    requireRealmAdmin(actor);
    return this.tx.run(async () => {
      const group = await this.group(actor, groupId);
      const channels = await this.channelsNamed(actor, channelNames);
      if (op !== 'add' && op !== 'remove') throw invalidOp();
      const members = new Set(await this.store.channelIds(group.id));
      if (op === 'add') {
        const defaults = new Set(await this.channels.defaultChannelIds(actor.realmId));
        for (const channel of channels) {
          if (defaults.has(channel.id)) throw isDefaultChannel(channel.name, group.name);
          if (members.has(channel.id)) {
            throw ApiError.badRequest(`Channel '${channel.name}' is already present in default channel group '${group.name}'`);
          }
          members.add(channel.id);
        }
        await this.store.addChannels(group.id, channels.map((channel) => channel.id));
      } else {
        for (const channel of channels) {
          if (!members.has(channel.id)) throw ApiError.badRequest(`Channel '${channel.name}' is not present in default channel group '${group.name}'`);
        }
        await this.store.removeChannels(group.id, channels.map((channel) => channel.id));
      }
      await this.recordChanged(actor.realmId);
      return {};
    });
  }
}

/** Zulip's `remove_default_stream_group` and `do_remove_default_stream_group`. */
@CommandHandler(RemoveDefaultChannelGroupCommand)
export class RemoveDefaultChannelGroupHandler extends GroupChange implements ICommandHandler<RemoveDefaultChannelGroupCommand, Record<string, never>> {
  execute({ actor, groupId }: RemoveDefaultChannelGroupCommand): Promise<Record<string, never>> {
    requireRealmAdmin(actor);
    return this.tx.run(async () => {
      const group = await this.group(actor, groupId);
      await this.store.delete(group.id);
      await this.recordChanged(actor.realmId);
      return {};
    });
  }
}

/**
 * Zulip's `do_deactivate_stream` takes an archived channel out of its groups, each group
 * telling of it. Idempotent: run again after a restart, it finds nothing and tells nothing.
 */
@CommandHandler(DropArchivedChannelFromGroupsCommand)
export class DropArchivedChannelFromGroupsHandler extends GroupChange implements ICommandHandler<DropArchivedChannelFromGroupsCommand, void> {
  execute({ realmId, streamId }: DropArchivedChannelFromGroupsCommand): Promise<void> {
    return this.tx.run(async () => {
      if (await this.store.dropChannel(realmId, streamId)) await this.recordChanged(realmId);
    });
  }
}
