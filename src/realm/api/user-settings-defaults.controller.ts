import { Controller, Patch } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { requireRealmAdmin } from '../../shared/authorization';
import { settingParams } from '../../users/api/setting-params';
import { isRealmDefaultSetting, USER_SETTING_DEFAULTS } from '../../users/public/user-settings';
import { Authorize } from '../../wire/authorize.guard';
import { Context, CurrentUser } from '../../wire/decorators';
import { RequestContext } from '../../wire/request-context';
import { Actor } from '../../shared/actor';
import { UpdateUserSettingsDefaultsCommand } from '../commands/update-user-settings-defaults.command';

/**
 * `PATCH /realm/user_settings_defaults`: organization administrators only (checked before
 * the parameters are read); the settings of the realm-defaults column, checked as
 * `PATCH /settings` checks them. Anything else is `ignored_parameters_unsupported`.
 */
@Controller('api/v1')
export class UserSettingsDefaultsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Patch('realm/user_settings_defaults')
  @Authorize(requireRealmAdmin)
  async update(@CurrentUser() user: Actor, @Context() context: RequestContext): Promise<Record<string, never>> {
    return this.commandBus.execute(new UpdateUserSettingsDefaultsCommand(user, settingParams(context, isRealmDefaultSetting), USER_SETTING_DEFAULTS));
  }
}
