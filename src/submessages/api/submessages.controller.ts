import { Controller, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { AddSubmessageCommand } from '../commands/add-submessage.command';
import { ReadReceiptsQuery } from '../queries/read-receipts.query';

class SubmessageParams {
  @WireParam('int') message_id!: number;
  @WireParam('string') msg_type!: string;
  @WireParam('string') content!: string;
}

class MessageIdParams {
  @WireParam('int', { path: true }) message_id!: number;
}

/** Submessages (widget data on a message) and read receipts. */
@Controller('api/v1')
export class SubmessagesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('submessage')
  async add(@CurrentUser() user: Actor, @Params(SubmessageParams) p: SubmessageParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new AddSubmessageCommand(user, p.message_id, p.msg_type, p.content));
    return {};
  }

  @Get('messages/:message_id/read_receipts')
  async readReceipts(@CurrentUser() user: Actor, @Params(MessageIdParams) p: MessageIdParams): Promise<{ user_ids: number[] }> {
    return { user_ids: await this.queryBus.execute(new ReadReceiptsQuery(user, p.message_id)) };
  }
}
