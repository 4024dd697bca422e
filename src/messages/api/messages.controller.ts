import { Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AllowIncomingWebhookBots, Context, CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { RequestContext } from '../../wire/request-context';
import { Actor } from '../../shared/actor';
import { SendMessageCommand } from '../commands/send-message.command';
import { messageAddress } from './send-message.params';

class SendMessageParams {
  @WireParam('string') type!: string;
  @WireParam('string') to!: string;
  @WireParam('string', { optional: true, aliases: ['subject'], nulCheckedByEndpoint: true }) topic?: string;
  @WireParam('string', { nulCheckedByEndpoint: true }) content!: string;
  @WireParam('string', { optional: true }) queue_id?: string;
  @WireParam('string', { optional: true }) local_id?: string;
  @WireParam('bool', { optional: true }) read_by_sender?: boolean;
}

@Controller('api/v1')
export class MessagesController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('messages')
  @AllowIncomingWebhookBots()
  sendMessage(
    @CurrentUser() user: Actor,
    @Context() context: RequestContext,
    @Params(SendMessageParams) p: SendMessageParams,
  ): Promise<{ id: number }> {
    const address = messageAddress(p.type, p.to, p.topic);
    const localEcho = p.queue_id !== undefined && p.local_id !== undefined ? { queueId: p.queue_id, localId: p.local_id } : null;
    return this.commandBus.execute(
      new SendMessageCommand(user, address, p.content, context.clientName, p.read_by_sender, localEcho),
    );
  }
}
