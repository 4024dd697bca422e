import { Controller, Delete, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { requireRealmAdmin } from '../../shared/authorization';
import { Authorize } from '../../wire/authorize.guard';
import { Context, CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { RequestContext } from '../../wire/request-context';
import { Actor } from '../../shared/actor';
import { ChangeRealmImageCommand } from '../commands/change-realm-image.command';

/** Zulip's `night: Json[bool]`, required on both logo endpoints. */
class LogoParams {
  @WireParam('bool') night!: boolean;
}

/**
 * Zulip's `/realm/icon` and `/realm/logo` (zerver/views/realm_icon.py, realm_logo.py, not
 * in its OpenAPI document): organization administrators only, checked before anything is
 * read. The image is the request's one file, whatever its field is called.
 */
@Controller('api/v1/realm')
export class RealmImagesController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('icon')
  @Authorize(requireRealmAdmin)
  async uploadIcon(@CurrentUser() user: Actor, @Context() context: RequestContext): Promise<{ icon_url: string }> {
    for (const file of context.files) context.usedParams.add(file.fieldName);
    return { icon_url: await this.commandBus.execute(new ChangeRealmImageCommand(user, 'icon', context.files)) };
  }

  @Delete('icon')
  @Authorize(requireRealmAdmin)
  async deleteIcon(@CurrentUser() user: Actor): Promise<{ icon_url: string }> {
    return { icon_url: await this.commandBus.execute(new ChangeRealmImageCommand(user, 'icon', null)) };
  }

  @Post('logo')
  @Authorize(requireRealmAdmin)
  async uploadLogo(@CurrentUser() user: Actor, @Context() context: RequestContext, @Params(LogoParams) p: LogoParams): Promise<Record<string, never>> {
    for (const file of context.files) context.usedParams.add(file.fieldName);
    await this.commandBus.execute(new ChangeRealmImageCommand(user, p.night ? 'night_logo' : 'logo', context.files));
    return {};
  }

  @Delete('logo')
  @Authorize(requireRealmAdmin)
  async deleteLogo(@CurrentUser() user: Actor, @Params(LogoParams) p: LogoParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new ChangeRealmImageCommand(user, p.night ? 'night_logo' : 'logo', null));
    return {};
  }
}
