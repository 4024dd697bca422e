import { Controller, Patch } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { requireRealmAdmin } from '../../users/public/authorization';
import {
  checkSettingValue,
  isRealmDefaultSetting,
  settingKind,
  USER_SETTING_DEFAULTS,
  UserSettingName,
} from '../../users/public/user-settings';
import { Authorize } from '../../wire/authorize.guard';
import { Context, CurrentUser } from '../../wire/decorators';
import { decodeValue } from '../../wire/params/wire-param';
import { RequestContext } from '../../wire/request-context';
import { Actor } from '../../users/public/actor';
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
    const settings = new Map<UserSettingName, boolean | number | string>();
    for (const name of Object.keys(USER_SETTING_DEFAULTS) as UserSettingName[]) {
      if (!isRealmDefaultSetting(name)) continue;
      const raw = context.params.get(name);
      if (raw === undefined) continue;
      context.usedParams.add(name);
      const value = decodeValue(name, settingKind(name), raw) as boolean | number | string;
      checkSettingValue(name, value);
      settings.set(name, value);
    }
    return this.commandBus.execute(new UpdateUserSettingsDefaultsCommand(user, settings));
  }
}
