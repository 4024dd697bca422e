import { Controller, Get, Param, Patch, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { ApiError } from '../../shared/api-error';
import { Authorize } from '../../wire/authorize.guard';
import { Context, CurrentUser, PublicEndpoint, RawResponse } from '../../wire/decorators';
import { decodeValue } from '../../wire/params/wire-param';
import { RequestContext } from '../../wire/request-context';
import { Actor } from '../../shared/actor';
import { ConfirmEmailChangeCommand, ConfirmedEmailChange } from '../commands/confirm-email-change.command';
import { SettingsUpdate, UpdateSettingsCommand } from '../commands/update-settings.command';
import { requireHumanUser } from '../../shared/authorization';
import { EMAIL_CHANGE_TEXTS } from '../domain/email-change-texts';
import { messagePage } from '../../platform/web/page-layout';
import { sendPage } from '../../wire/pages/page-response';
import { isValidTimezone } from '../public/user-settings';
import { settingParams } from './setting-params';

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
  async updateSettings(@CurrentUser() user: Actor, @Context() context: RequestContext): Promise<Record<string, never>> {
    const update: SettingsUpdate = {
      settings: settingParams(context),
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
  async confirmEmailChange(@Param('key') key: string, @Res() reply: FastifyReply): Promise<void> {
    const t = EMAIL_CHANGE_TEXTS;
    try {
      const done = await this.commandBus.execute<ConfirmEmailChangeCommand, ConfirmedEmailChange>(new ConfirmEmailChangeCommand(key));
      await sendPage(reply, 200, messagePage(t.pageDoneTitle, t.pageDone(done.oldEmail, done.newEmail)));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await sendPage(reply, error.status, messagePage(t.pageFailedTitle, error.msg));
    }
  }
}
