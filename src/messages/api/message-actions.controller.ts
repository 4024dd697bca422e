import { Delete, Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { DeleteMessageCommand } from '../commands/delete-message.command';
import { SendEditTypingCommand, SendTypingCommand } from '../commands/send-typing.command';
import { parseTypingOp, parseTypingTarget } from '../domain/typing-rules';

class TypingParams {
  @WireParam('string', { optional: true }) type?: string;
  @WireParam('string') op!: string;
  @WireParam('json', { optional: true }) to?: unknown;
  @WireParam('int', { optional: true }) stream_id?: number;
  @WireParam('string', { optional: true }) topic?: string;
}

class EditTypingParams {
  @WireParam('int', { path: true }) message_id!: number;
  @WireParam('string') op!: string;
}

class MessageIdParams {
  @WireParam('int', { path: true }) message_id!: number;
}

/** Typing notifications (events only) and message deletion. */
@Controller('api/v1')
export class MessageActionsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('typing')
  typing(@CurrentUser() user: Actor, @Params(TypingParams) p: TypingParams): Promise<Record<string, never>> {
    const op = parseTypingOp(p.op);
    return this.commandBus.execute(new SendTypingCommand(user, op, parseTypingTarget(p)));
  }

  @Post('messages/:message_id/typing')
  editTyping(@CurrentUser() user: Actor, @Params(EditTypingParams) p: EditTypingParams): Promise<Record<string, never>> {
    return this.commandBus.execute(new SendEditTypingCommand(user, p.message_id, parseTypingOp(p.op)));
  }

  @Delete('messages/:message_id')
  deleteMessage(@CurrentUser() user: Actor, @Params(MessageIdParams) p: MessageIdParams): Promise<Record<string, never>> {
    return this.commandBus.execute(new DeleteMessageCommand(user, p.message_id));
  }
}
