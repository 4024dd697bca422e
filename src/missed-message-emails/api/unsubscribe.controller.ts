import { Controller, Get, Header, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { html } from '../../platform/web/html';
import { ApiError } from '../../shared/api-error';
import { PublicEndpoint, RawResponse } from '../../wire/decorators';
import { UnsubscribeFromEmailsCommand, UnsubscribeOutcome } from '../commands/unsubscribe.command';
import { MISSED_MESSAGE_TEXTS } from '../domain/missed-message-texts';

/** A minimal page (the shared page layout is not there yet): a title and one paragraph, readable on a phone. */
function page(title: string, body: string): string {
  return html`<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="font-family:sans-serif;max-width:36em;margin:2em auto;padding:0 1em">
<h1>${title}</h1>
<p>${body}</p>
</body>
</html>
`.value;
}

/**
 * Zulip's `/accounts/unsubscribe/<email_type>/<key>`: the link in every missed-message
 * email. GET is the link a person opens; POST is RFC 8058's one-click unsubscription
 * (`List-Unsubscribe-Post`), which mail clients send without any session, so neither asks
 * for credentials: the key is the credential.
 */
@Controller()
export class UnsubscribeController {
  constructor(private readonly commandBus: CommandBus) {}

  @Get('accounts/unsubscribe/:type/:key')
  @PublicEndpoint()
  @RawResponse()
  @Header('Content-Type', 'text/html; charset=utf-8')
  open(@Param('type') type: string, @Param('key') key: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return this.unsubscribe(type, key, reply);
  }

  @Post('accounts/unsubscribe/:type/:key')
  @HttpCode(200)
  @PublicEndpoint()
  @RawResponse()
  @Header('Content-Type', 'text/html; charset=utf-8')
  oneClick(@Param('type') type: string, @Param('key') key: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return this.unsubscribe(type, key, reply);
  }

  private async unsubscribe(type: string, key: string, reply: FastifyReply): Promise<string> {
    const t = MISSED_MESSAGE_TEXTS;
    try {
      const outcome = await this.commandBus.execute<UnsubscribeFromEmailsCommand, UnsubscribeOutcome>(new UnsubscribeFromEmailsCommand(type, key));
      if (outcome === 'unknown-type') return page(t.pageFailedTitle, t.pageFailed);
      return page(t.pageDoneTitle, t.pageDone);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      void reply.status(error.status);
      return page(t.pageFailedTitle, t.pageFailed);
    }
  }
}
