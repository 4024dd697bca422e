import { escapeHtml } from '../../shared/html-escape';
import { Controller, Get, Header, Param, Patch, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { ApiError } from '../../shared/api-error';
import { Authorize } from '../../wire/authorize.guard';
import { Context, CurrentUser, PublicEndpoint, RawResponse } from '../../wire/decorators';
import { decodeValue } from '../../wire/params/wire-param';
import { RequestContext, RequestUser } from '../../wire/request-context';
import { ConfirmEmailChangeCommand, ConfirmedEmailChange } from '../commands/confirm-email-change.command';
import { SettingsUpdate, UpdateSettingsCommand } from '../commands/update-settings.command';
import { requireHumanUser } from '../public/authorization';
import {
  checkSettingValue,
  isValidTimezone,
  settingKind,
  USER_SETTING_DEFAULTS,
  UserSettingName,
} from '../public/user-settings';

function page(title: string, body: string): string {
  return `<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${title}</title></head>\n<body>\n<h1>${title}</h1>\n<p>${body}</p>\n</body>\n</html>\n`;
}

/** Reads one optional string parameter, marking it used. */
function stringParam(context: RequestContext, name: string): string | undefined {
  const raw = context.params.get(name);
  if (raw === undefined) return undefined;
  context.usedParams.add(name);
  return decodeValue(name, 'string', raw) as string;
}

/**
 * `PATCH /settings` and its deprecated aliases `/settings/display` and
 * `/settings/notifications` (Zulip routes all three to `json_change_settings`), and the
 * page an email-change confirmation link opens.
 */
@Controller()
export class SettingsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Patch(['api/v1/settings', 'api/v1/settings/display', 'api/v1/settings/notifications'])
  @Authorize(requireHumanUser)
  async updateSettings(@CurrentUser() user: RequestUser, @Context() context: RequestContext): Promise<Record<string, never>> {
    const settings = new Map<UserSettingName, boolean | number | string>();
    for (const name of Object.keys(USER_SETTING_DEFAULTS) as UserSettingName[]) {
      const raw = context.params.get(name);
      if (raw === undefined) continue;
      context.usedParams.add(name);
      const value = decodeValue(name, settingKind(name), raw) as boolean | number | string;
      checkSettingValue(name, value);
      settings.set(name, value);
    }
    const update: SettingsUpdate = {
      settings,
      fullName: stringParam(context, 'full_name'),
      email: stringParam(context, 'email'),
      oldPassword: stringParam(context, 'old_password'),
      newPassword: stringParam(context, 'new_password'),
      timezone: stringParam(context, 'timezone'),
    };
    if (update.timezone !== undefined && !isValidTimezone(update.timezone)) throw ApiError.badRequest('Invalid timezone');
    return this.commandBus.execute(new UpdateSettingsCommand(user, update));
  }

  /** Zulip's `/accounts/confirm_new_email/<key>`: applies the change and shows a page. */
  @Get('accounts/confirm_new_email/:key')
  @PublicEndpoint()
  @RawResponse()
  @Header('Content-Type', 'text/html; charset=utf-8')
  async confirmEmailChange(@Param('key') key: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    try {
      const done = await this.commandBus.execute<ConfirmEmailChangeCommand, ConfirmedEmailChange>(new ConfirmEmailChangeCommand(key));
      return page(
        'Email address updated',
        `The email address for your account was changed from ${escapeHtml(done.oldEmail, '&#39;')} to ${escapeHtml(done.newEmail, '&#39;')}.`,
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      void reply.status(error.status);
      return page('Whoops', escapeHtml(error.msg, '&#39;'));
    }
  }
}
