import { Controller, Delete, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { AddReactionCommand } from '../commands/add-reaction.command';
import { RemoveReactionCommand } from '../commands/remove-reaction.command';

class AddReactionParams {
  @WireParam('int', { path: true }) message_id!: number;
  @WireParam('string') emoji_name!: string;
  @WireParam('string', { optional: true }) emoji_code?: string;
  @WireParam('string', { optional: true }) reaction_type?: string;
}

class RemoveReactionParams {
  @WireParam('int', { path: true }) message_id!: number;
  @WireParam('string', { optional: true }) emoji_name?: string;
  @WireParam('string', { optional: true }) emoji_code?: string;
  @WireParam('string', { optional: true }) reaction_type?: string;
}

/** Emoji reactions on messages. */
@Controller('api/v1/messages')
export class ReactionsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':message_id/reactions')
  async add(@CurrentUser() user: Actor, @Params(AddReactionParams) p: AddReactionParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new AddReactionCommand(user, p.message_id, p.emoji_name, p.emoji_code, p.reaction_type));
    return {};
  }

  @Delete(':message_id/reactions')
  async remove(
    @CurrentUser() user: Actor,
    @Params(RemoveReactionParams) p: RemoveReactionParams,
  ): Promise<Record<string, never>> {
    await this.commandBus.execute(new RemoveReactionCommand(user, p.message_id, p.emoji_name, p.emoji_code, p.reaction_type));
    return {};
  }
}
