import { Controller, Delete, Get, Header, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { Context, CurrentUser, OptionalAuthEndpoint, PublicEndpoint, RawResponse } from '../../wire/decorators';
import { RequestContext } from '../../wire/request-context';
import { Actor } from '../../shared/actor';
import { ChangeAvatarCommand } from '../commands/change-avatar.command';
import { AvatarRedirectQuery } from '../queries/avatar-redirect.query';

let placeholder: Promise<Buffer> | undefined;

/** Avatars: upload and removal (under the API), and the redirecting `/avatar/{user}` URLs. */
@Controller()
export class AvatarsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  /** The image is the request's one file, whatever its field is called (as in Zulip). */
  @Post('api/v1/users/me/avatar')
  async upload(@CurrentUser() user: Actor, @Context() context: RequestContext): Promise<{ avatar_url: string }> {
    for (const file of context.files) context.usedParams.add(file.fieldName);
    return { avatar_url: await this.commandBus.execute(new ChangeAvatarCommand(user, context.files)) };
  }

  @Delete('api/v1/users/me/avatar')
  async remove(@CurrentUser() user: Actor): Promise<{ avatar_url: string }> {
    return { avatar_url: await this.commandBus.execute(new ChangeAvatarCommand(user, null)) };
  }

  @Get('avatar/:user')
  @OptionalAuthEndpoint()
  @RawResponse()
  async avatar(@Context() context: RequestContext, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.redirect(context, request, reply, false);
  }

  @Get('avatar/:user/medium')
  @OptionalAuthEndpoint()
  @RawResponse()
  async mediumAvatar(@Context() context: RequestContext, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.redirect(context, request, reply, true);
  }

  /** Zulip's picture for a user one may not see (it serves it from its static files). */
  @Get('static/images/unknown-user-avatar.png')
  @PublicEndpoint()
  @RawResponse()
  @Header('Content-Type', 'image/png')
  @Header('Cache-Control', 'public, max-age=86400')
  unknownUserAvatar(): Promise<Buffer> {
    placeholder ??= sharp({ create: { width: 100, height: 100, channels: 3, background: '#c4c4c4' } }).png().toBuffer();
    return placeholder;
  }

  /** Every query parameter is passed on to the image's URL, as Zulip does. */
  private async redirect(context: RequestContext, request: FastifyRequest, reply: FastifyReply, medium: boolean): Promise<void> {
    const target = (request.params as Record<string, string>).user;
    let url = await this.queryBus.execute<AvatarRedirectQuery, string>(
      new AvatarRedirectQuery(context.requireRealm(), context.user, target, medium),
    );
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    if (query) url += `${url.includes('?') ? '&' : '?'}${query}`;
    await reply.code(302).header('Location', url).header('Cache-Control', 'private, max-age=0').send();
  }
}
