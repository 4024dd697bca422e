import { Controller, Delete, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { requireRealmAdmin } from '../../shared/authorization';
import { Authorize } from '../../wire/authorize.guard';
import { CurrentUser } from '../../wire/decorators';
import { expectStringList } from '../../shared/json-shapes';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import {
  CreateDefaultChannelGroupCommand,
  RemoveDefaultChannelGroupCommand,
  UpdateDefaultChannelGroupChannelsCommand,
  UpdateDefaultChannelGroupCommand,
} from '../commands/default-channel-group.commands';

class CreateParams {
  /** Zulip refuses a NUL in the name with words of its own (check_default_stream_group_name). */
  @WireParam('string', { nulCheckedByEndpoint: true }) group_name!: string;
  @WireParam('string') description!: string;
  @WireParam('json') stream_names!: unknown;
}

class GroupIdParams {
  @WireParam('int', { path: true }) group_id!: number;
}

class UpdateInfoParams extends GroupIdParams {
  @WireParam('string', { optional: true, nulCheckedByEndpoint: true }) new_group_name?: string;
  @WireParam('string', { optional: true }) new_description?: string;
}

class UpdateChannelsParams extends GroupIdParams {
  @WireParam('string') op!: string;
  @WireParam('json') stream_names!: unknown;
}

/**
 * Zulip's default channel groups (`/default_stream_groups/...`, not in its OpenAPI
 * document): named sets of channels offered to new users, managed by administrators, who
 * are checked before any parameter is read. The list reaches clients through register's
 * `realm_default_stream_groups` and `default_stream_groups` events; as in Zulip there is
 * no GET route.
 */
@Controller('api/v1/default_stream_groups')
@Authorize(requireRealmAdmin)
export class DefaultChannelGroupsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('create')
  create(@CurrentUser() user: Actor, @Params(CreateParams) p: CreateParams): Promise<Record<string, never>> {
    const names = expectStringList('stream_names', p.stream_names);
    return this.commandBus.execute(new CreateDefaultChannelGroupCommand(user, p.group_name, p.description, names));
  }

  @Patch(':group_id')
  update(@CurrentUser() user: Actor, @Params(UpdateInfoParams) p: UpdateInfoParams): Promise<Record<string, never>> {
    // Zulip tests for something to do by truth: an empty name or description counts as none.
    if (!p.new_group_name && !p.new_description) throw ApiError.badRequest('You must pass "new_description" or "new_group_name".');
    return this.commandBus.execute(new UpdateDefaultChannelGroupCommand(user, p.group_id, p.new_group_name ?? null, p.new_description ?? null));
  }

  @Patch(':group_id/streams')
  updateChannels(@CurrentUser() user: Actor, @Params(UpdateChannelsParams) p: UpdateChannelsParams): Promise<Record<string, never>> {
    const names = expectStringList('stream_names', p.stream_names);
    return this.commandBus.execute(new UpdateDefaultChannelGroupChannelsCommand(user, p.group_id, p.op, names));
  }

  @Delete(':group_id')
  remove(@CurrentUser() user: Actor, @Params(GroupIdParams) p: GroupIdParams): Promise<Record<string, never>> {
    return this.commandBus.execute(new RemoveDefaultChannelGroupCommand(user, p.group_id));
  }
}
