import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Context, CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { RequestContext } from '../../wire/request-context';
import { Actor } from '../../shared/actor';
import { DeactivateCustomEmojiCommand } from '../commands/deactivate-custom-emoji.command';
import { UploadCustomEmojiCommand } from '../commands/upload-custom-emoji.command';
import { presentRealmEmojiMap, RealmEmojiWire } from './realm-emoji.presenter';
import { RealmEmojiRow } from '../persistence/realm-emoji.repository';
import { GetRealmEmojiQuery } from '../queries/get-realm-emoji.query';

class EmojiNameParams {
  @WireParam('string', { path: true }) emoji_name!: string;
}

/** Custom emoji of the requester's realm. */
@Controller('api/v1/realm/emoji')
export class RealmEmojiController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  async list(@CurrentUser() user: Actor): Promise<{ emoji: Record<string, RealmEmojiWire> }> {
    return { emoji: presentRealmEmojiMap(await this.queryBus.execute<GetRealmEmojiQuery, RealmEmojiRow[]>(new GetRealmEmojiQuery(user.realmId))) };
  }

  /** The image is the request's one file, whatever its field is called (as in Zulip). */
  @Post(':emoji_name')
  async upload(
    @CurrentUser() user: Actor,
    @Params(EmojiNameParams) params: EmojiNameParams,
    @Context() context: RequestContext,
  ): Promise<Record<string, never>> {
    for (const file of context.files) context.usedParams.add(file.fieldName);
    await this.commandBus.execute(new UploadCustomEmojiCommand(user, params.emoji_name, context.files));
    return {};
  }

  @Delete(':emoji_name')
  async deactivate(@CurrentUser() user: Actor, @Params(EmojiNameParams) params: EmojiNameParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new DeactivateCustomEmojiCommand(user, params.emoji_name));
    return {};
  }
}
