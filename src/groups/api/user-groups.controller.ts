import { Controller, Get, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { requireMemberOrAdmin } from '../../shared/authorization';
import { Authorize } from '../../wire/authorize.guard';
import { CurrentUser } from '../../wire/decorators';
import { expectIntegerList } from '../../shared/json-shapes';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { CreateUserGroupCommand } from '../commands/create-user-group.command';
import { DeactivateUserGroupCommand } from '../commands/deactivate-user-group.command';
import { UpdateGroupMembershipCommand } from '../commands/update-group-membership.command';
import { UpdateUserGroupCommand } from '../commands/update-user-group.command';
import {
  GroupSettingChange,
  GroupSettingValue,
  parseGroupSettingChange,
  parseGroupSettingValue,
} from '../public/group-setting';
import { UserGroupSetting } from '../public/permission-settings';
import { USER_GROUP_SETTING_NAMES } from '../persistence/user-group.store';
import { presentUserGroups, UserGroupWire } from './user-group.presenter';
import { UserGroupListing } from '../queries/user-group-listing';
import { GetGroupMembershipQuery, GroupMembershipAnswer } from '../queries/get-group-membership.query';
import { GetUserGroupsQuery } from '../queries/get-user-groups.query';

class GroupSettingParams {
  @WireParam('json', { optional: true }) can_add_members_group?: unknown;
  @WireParam('json', { optional: true }) can_join_group?: unknown;
  @WireParam('json', { optional: true }) can_leave_group?: unknown;
  @WireParam('json', { optional: true }) can_manage_group?: unknown;
  @WireParam('json', { optional: true }) can_mention_group?: unknown;
  @WireParam('json', { optional: true }) can_remove_members_group?: unknown;
}

class CreateParams extends GroupSettingParams {
  @WireParam('string') name!: string;
  @WireParam('string') description!: string;
  @WireParam('json') members!: unknown;
  @WireParam('json', { optional: true }) subgroups?: unknown;
}

class UpdateParams extends GroupSettingParams {
  @WireParam('int', { path: true }) user_group_id!: number;
  @WireParam('string', { optional: true }) name?: string;
  @WireParam('string', { optional: true }) description?: string;
}

class ListParams {
  @WireParam('bool', { default: false }) include_deactivated_groups!: boolean;
}

class GroupIdParams {
  @WireParam('int', { path: true }) user_group_id!: number;
}

class MembersParams extends GroupIdParams {
  @WireParam('json', { optional: true }) add?: unknown;
  @WireParam('json', { optional: true }) delete?: unknown;
  @WireParam('json', { optional: true }) add_subgroups?: unknown;
  @WireParam('json', { optional: true }) delete_subgroups?: unknown;
}

class SubgroupsParams extends GroupIdParams {
  @WireParam('json', { optional: true }) add?: unknown;
  @WireParam('json', { optional: true }) delete?: unknown;
}

class MembersReadParams extends GroupIdParams {
  @WireParam('bool', { default: false }) direct_member_only!: boolean;
}

class IsMemberParams extends MembersReadParams {
  @WireParam('int', { path: true }) user_id!: number;
}

class SubgroupsReadParams extends GroupIdParams {
  @WireParam('bool', { default: false }) direct_subgroup_only!: boolean;
}

const ids = (name: string, value: unknown): number[] => (value === undefined || value === null ? [] : expectIntegerList(name, value));

@Controller('api/v1')
export class UserGroupsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('user_groups')
  @Authorize(requireMemberOrAdmin)
  async list(@CurrentUser() user: Actor, @Params(ListParams) p: ListParams): Promise<{ user_groups: UserGroupWire[] }> {
    const listing = await this.queryBus.execute<GetUserGroupsQuery, UserGroupListing>(
      new GetUserGroupsQuery(user.realmId, p.include_deactivated_groups),
    );
    return { user_groups: presentUserGroups(listing) };
  }

  @Post('user_groups/create')
  create(@CurrentUser() user: Actor, @Params(CreateParams) p: CreateParams): Promise<{ group_id: number }> {
    const settings: Partial<Record<UserGroupSetting, GroupSettingValue>> = {};
    for (const name of USER_GROUP_SETTING_NAMES) {
      const raw = p[name];
      if (raw !== undefined && raw !== null) settings[name] = parseGroupSettingValue(name, raw);
    }
    return this.commandBus.execute(
      new CreateUserGroupCommand(user, p.name, p.description, expectIntegerList('members', p.members), ids('subgroups', p.subgroups), settings),
    );
  }

  @Patch('user_groups/:user_group_id')
  async update(@CurrentUser() user: Actor, @Params(UpdateParams) p: UpdateParams): Promise<Record<string, never>> {
    const settings: Partial<Record<UserGroupSetting, GroupSettingChange>> = {};
    for (const name of USER_GROUP_SETTING_NAMES) {
      const raw = p[name];
      if (raw !== undefined && raw !== null) settings[name] = parseGroupSettingChange(name, raw);
    }
    await this.commandBus.execute(new UpdateUserGroupCommand(user, p.user_group_id, p.name, p.description, settings));
    return {};
  }

  @Post('user_groups/:user_group_id/members')
  async updateMembers(@CurrentUser() user: Actor, @Params(MembersParams) p: MembersParams): Promise<Record<string, never>> {
    await this.commandBus.execute(
      new UpdateGroupMembershipCommand(
        user,
        p.user_group_id,
        {
          addMembers: ids('add', p.add),
          deleteMembers: ids('delete', p.delete),
          addSubgroups: ids('add_subgroups', p.add_subgroups),
          deleteSubgroups: ids('delete_subgroups', p.delete_subgroups),
        },
        'Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".',
      ),
    );
    return {};
  }

  @Post('user_groups/:user_group_id/subgroups')
  async updateSubgroups(@CurrentUser() user: Actor, @Params(SubgroupsParams) p: SubgroupsParams): Promise<Record<string, never>> {
    await this.commandBus.execute(
      new UpdateGroupMembershipCommand(
        user,
        p.user_group_id,
        { addMembers: [], deleteMembers: [], addSubgroups: ids('add', p.add), deleteSubgroups: ids('delete', p.delete) },
        'Nothing to do. Specify at least one of "add" or "delete".',
      ),
    );
    return {};
  }

  @Post('user_groups/:user_group_id/deactivate')
  async deactivate(@CurrentUser() user: Actor, @Params(GroupIdParams) p: GroupIdParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new DeactivateUserGroupCommand(user, p.user_group_id));
    return {};
  }

  @Get('user_groups/:user_group_id/members')
  members(@CurrentUser() user: Actor, @Params(MembersReadParams) p: MembersReadParams): Promise<GroupMembershipAnswer> {
    return this.queryBus.execute(new GetGroupMembershipQuery(user, p.user_group_id, { kind: 'members' }, p.direct_member_only));
  }

  @Get('user_groups/:user_group_id/members/:user_id')
  isMember(@CurrentUser() user: Actor, @Params(IsMemberParams) p: IsMemberParams): Promise<GroupMembershipAnswer> {
    return this.queryBus.execute(
      new GetGroupMembershipQuery(user, p.user_group_id, { kind: 'is_member', userId: p.user_id }, p.direct_member_only),
    );
  }

  @Get('user_groups/:user_group_id/subgroups')
  subgroups(@CurrentUser() user: Actor, @Params(SubgroupsReadParams) p: SubgroupsReadParams): Promise<GroupMembershipAnswer> {
    return this.queryBus.execute(
      new GetGroupMembershipQuery(user, p.user_group_id, { kind: 'subgroups' }, p.direct_subgroup_only),
    );
  }
}
