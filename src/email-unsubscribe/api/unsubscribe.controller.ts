import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FastifyReply, FastifyRequest } from 'fastify';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { html } from '../../platform/web/html';
import { messagePage } from '../../platform/web/page-layout';
import { sendPage } from '../../wire/pages/page-response';
import { ApiError } from '../../shared/api-error';
import { PublicEndpoint, RawResponse } from '../../wire/decorators';
import { Unsubscribed, UnsubscribeCommand } from '../commands/unsubscribe.command';
import { UNSUBSCRIBE_TEXTS } from '../domain/unsubscribe-kinds';

/**
 * Zulip's `/accounts/unsubscribe/<kind>/<key>` (zerver/views/unsubscribe.py): no login, no
 * CSRF token (Zulip's view is csrf_exempt), so that a mail client's one-click POST
 * (List-Unsubscribe-Post) works as well as opening the link. Both answer a page, 200 as
 * Zulip's, whether the link was known or not.
 */
@Controller('accounts/unsubscribe')
export class UnsubscribeController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly addressing: RealmAddressing,
  ) {}

  @Get(':kind/:token')
  @PublicEndpoint()
  @RawResponse()
  open(@Param('kind') kind: string, @Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.unsubscribe(kind, token, request, reply);
  }

  @Post(':kind/:token')
  @PublicEndpoint()
  @RawResponse()
  oneClick(@Param('kind') kind: string, @Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.unsubscribe(kind, token, request, reply);
  }

  private async unsubscribe(kind: string, token: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const t = UNSUBSCRIBE_TEXTS;
    try {
      const done = await this.commandBus.execute<UnsubscribeCommand, Unsubscribed>(new UnsubscribeCommand(kind, token));
      const settings = `${this.addressing.url(this.addressing.subdomainOf(request.headers.host))}/#settings/notifications`;
      await sendPage(reply, 200, messagePage(t.doneTitle, html`${t.done(done.label)} ${t.undo} <a href="${settings}">${t.settingsLink}</a>`));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await sendPage(reply, 200, messagePage(t.errorTitle, t.error));
    }
  }
}
