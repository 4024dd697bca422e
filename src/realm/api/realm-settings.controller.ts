import { Controller, Patch } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { GroupSettingChange, parseGroupSettingChange } from '../../groups/domain/group-setting';
import { REALM_GROUP_SETTINGS } from '../../groups/domain/permission-settings';
import { administratorRequired, ApiError } from '../../shared/api-error';
import { isAdministrator, Role } from '../../users/domain/roles';
import { Context, CurrentUser } from '../../wire/decorators';
import { decodeValue } from '../../wire/params/wire-param';
import { RequestContext, RequestUser } from '../../wire/request-context';
import {
  UpdateRealmSettingsCommand,
  UpdateRealmSettingsResult,
} from '../commands/update-realm-settings.command';

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

function ownerRequired(): ApiError {
  return new ApiError('Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL', 400);
}

@Controller('api/v1')
export class RealmSettingsController {
  constructor(private readonly commandBus: CommandBus) {}

  /**
   * `PATCH /realm`: organization administrators only, checked before the parameters are
   * read (Zulip's `require_realm_admin` wraps the endpoint). Each group setting comes as
   * JSON `{"new": ..., "old": ...}`; parameters this server does not support yet are left
   * unread and so reported in `ignored_parameters_unsupported`.
   */
  @Patch('realm')
  async updateRealm(@CurrentUser() user: RequestUser, @Context() context: RequestContext): Promise<UpdateRealmSettingsResult> {
    if (!isAdministrator(user.role)) throw administratorRequired();
    const groupSettings = new Map<string, GroupSettingChange>();
    for (const name of Object.keys(REALM_GROUP_SETTINGS)) {
      const raw = context.params.get(name);
      if (raw === undefined) continue;
      context.usedParams.add(name);
      groupSettings.set(name, parseGroupSettingChange(name, decodeValue(name, 'json', raw)));
    }
    const booleanParam = (name: string): boolean | undefined => {
      const raw = context.params.get(name);
      if (raw === undefined) return undefined;
      context.usedParams.add(name);
      return decodeValue(name, 'bool', raw) as boolean;
    };
    const avatarChangesDisabled = booleanParam('avatar_changes_disabled');
    const enableSpectatorAccess = booleanParam('enable_spectator_access');
    if (user.role !== Role.Owner && [...groupSettings.keys()].some((name) => OWNER_ONLY_SETTINGS.has(name))) {
      throw ownerRequired();
    }
    return this.commandBus.execute(new UpdateRealmSettingsCommand(user, groupSettings, enableSpectatorAccess, avatarChangesDisabled));
  }
}
