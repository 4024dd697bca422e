import { Controller, Patch } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { GroupSettingChange, parseGroupSettingChange } from '../../groups/public/group-setting';
import { REALM_GROUP_SETTINGS } from '../../groups/public/permission-settings';
import { requireRealmAdmin } from '../../shared/authorization';
import { Authorize } from '../../wire/authorize.guard';
import { Context, CurrentUser } from '../../wire/decorators';
import { decodeValue } from '../../wire/params/wire-param';
import { RawValue, RequestContext } from '../../wire/request-context';
import { Actor } from '../../shared/actor';
import {
  ANNOUNCEMENT_CHANNEL_SETTINGS,
  AnnouncementChannelSetting,
  decodeRetentionDays,
  parseTimeLimit,
  REALM_PROPERTIES,
  RealmPropertySpec,
  RealmPropertyValue,
} from '../public/realm-properties';
import {
  UpdateRealmSettingsCommand,
  UpdateRealmSettingsResult,
} from '../commands/update-realm-settings.command';

/** One realm property from the wire: JSON for booleans, integers and time limits, raw strings. */
function decodeProperty(name: string, spec: RealmPropertySpec, raw: RawValue): RealmPropertyValue {
  switch (spec.kind) {
    case 'bool':
      return decodeValue(name, 'bool', raw) as boolean;
    case 'int':
      return decodeValue(name, 'int', raw) as number;
    case 'string':
      return decodeValue(name, 'string', raw) as string;
    case 'time-limit': {
      // `unlimited` comes raw or as a JSON string.
      const value = raw === 'unlimited' ? raw : decodeValue(name, 'json', raw);
      return parseTimeLimit(name, value);
    }
    case 'retention-days': {
      // As time limits: `unlimited` raw or as a JSON string; the value is checked later.
      const value = raw === 'unlimited' ? raw : decodeValue(name, 'json', raw);
      return decodeRetentionDays(name, value);
    }
  }
}

@Controller('api/v1')
export class RealmSettingsController {
  constructor(private readonly commandBus: CommandBus) {}

  /**
   * `PATCH /realm`: organization administrators only, checked before the parameters are
   * read (Zulip's `require_realm_admin` wraps the endpoint). Each group setting comes as
   * JSON `{"new": ..., "old": ...}`; plain properties (realm-properties.ts) as Zulip
   * reads them; parameters this server does not support yet are left
   * unread and so reported in `ignored_parameters_unsupported`. The handler checks the
   * values and what only owners may change.
   */
  @Patch('realm')
  @Authorize(requireRealmAdmin)
  async updateRealm(@CurrentUser() user: Actor, @Context() context: RequestContext): Promise<UpdateRealmSettingsResult> {
    const groupSettings = new Map<string, GroupSettingChange>();
    for (const name of Object.keys(REALM_GROUP_SETTINGS)) {
      const raw = context.params.get(name);
      if (raw === undefined) continue;
      context.usedParams.add(name);
      groupSettings.set(name, parseGroupSettingChange(name, decodeValue(name, 'json', raw)));
    }
    let enableSpectatorAccess: boolean | undefined;
    const spectator = context.params.get('enable_spectator_access');
    if (spectator !== undefined) {
      context.usedParams.add('enable_spectator_access');
      enableSpectatorAccess = decodeValue('enable_spectator_access', 'bool', spectator) as boolean;
    }
    const properties = new Map<string, RealmPropertyValue>();
    for (const [name, spec] of Object.entries(REALM_PROPERTIES)) {
      const raw = context.params.get(name);
      if (raw === undefined) continue;
      context.usedParams.add(name);
      properties.set(name, decodeProperty(name, spec, raw));
    }
    const announcementChannels = new Map<AnnouncementChannelSetting, number>();
    for (const name of ANNOUNCEMENT_CHANNEL_SETTINGS) {
      const raw = context.params.get(name);
      if (raw === undefined) continue;
      context.usedParams.add(name);
      announcementChannels.set(name, decodeValue(name, 'int', raw) as number);
    }
    return this.commandBus.execute(new UpdateRealmSettingsCommand(user, groupSettings, enableSpectatorAccess, properties, announcementChannels));
  }
}
