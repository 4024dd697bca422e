import { Controller, Get, Header, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FastifyRequest } from 'fastify';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { html, SafeHtml } from '../../platform/web/html';
import { ApiError } from '../../shared/api-error';
import { PublicEndpoint, RawResponse } from '../../wire/decorators';
import { Unsubscribed, UnsubscribeCommand } from '../commands/unsubscribe.command';
import { UNSUBSCRIBE_TEXTS } from '../domain/unsubscribe-kinds';

function page(title: string, content: SafeHtml): string {
  return html`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body><h1>${title}</h1>
${content}
</body></html>
`.value;
}

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
  @Header('Content-Type', 'text/html; charset=utf-8')
  open(@Param('kind') kind: string, @Param('token') token: string, @Req() request: FastifyRequest): Promise<string> {
    return this.unsubscribe(kind, token, request);
  }

  @Post(':kind/:token')
  @PublicEndpoint()
  @RawResponse()
  @Header('Content-Type', 'text/html; charset=utf-8')
  oneClick(@Param('kind') kind: string, @Param('token') token: string, @Req() request: FastifyRequest): Promise<string> {
    return this.unsubscribe(kind, token, request);
  }

  private async unsubscribe(kind: string, token: string, request: FastifyRequest): Promise<string> {
    const t = UNSUBSCRIBE_TEXTS;
    try {
      const done = await this.commandBus.execute<UnsubscribeCommand, Unsubscribed>(new UnsubscribeCommand(kind, token));
      const settings = `${this.addressing.url(this.addressing.subdomainOf(request.headers.host))}/#settings/notifications`;
      return page(t.doneTitle, html`<p>${t.done(done.label)}</p><p>${t.undo} <a href="${settings}">${t.settingsLink}</a></p>`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return page(t.errorTitle, html`<p>${t.error}</p>`);
    }
  }
}
