import { Controller, Get, Patch } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { UpdateMessageCommand } from '../commands/update-message.command';
import { AttachmentDict, AttachmentView, attachmentDict } from '../../uploads/public/attachment-dict';
import { parsePropagateMode } from '../domain/message-edit-rules';
import { GetMessageHistoryQuery } from '../queries/get-message-history.query';

class UpdateMessageParams {
  @WireParam('int', { path: true }) message_id!: number;
  @WireParam('int', { optional: true }) stream_id?: number;
  @WireParam('string', { optional: true, aliases: ['subject'], nulCheckedByEndpoint: true }) topic?: string;
  @WireParam('string', { optional: true }) propagate_mode?: string;
  @WireParam('bool', { default: false }) send_notification_to_old_thread!: boolean;
  @WireParam('bool', { default: true }) send_notification_to_new_thread!: boolean;
  @WireParam('string', { optional: true, nulCheckedByEndpoint: true }) content?: string;
}

class MessageHistoryParams {
  @WireParam('int', { path: true }) message_id!: number;
  @WireParam('bool', { default: false }) allow_empty_topic_name!: boolean;
}

/** Editing and moving messages, and their edit history. */
@Controller('api/v1')
export class MessageEditController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Patch('messages/:message_id')
  async update(@CurrentUser() user: Actor, @Params(UpdateMessageParams) p: UpdateMessageParams): Promise<{ detached_uploads: AttachmentDict[] }> {
    const detached = await this.commandBus.execute<UpdateMessageCommand, AttachmentView[]>(
      new UpdateMessageCommand(user, p.message_id, {
        content: p.content,
        topic: p.topic,
        streamId: p.stream_id,
        propagateMode: parsePropagateMode(p.propagate_mode),
        sendNotificationToOldThread: p.send_notification_to_old_thread,
        sendNotificationToNewThread: p.send_notification_to_new_thread,
      }),
    );
    return { detached_uploads: detached.map(attachmentDict) };
  }

  @Get('messages/:message_id/history')
  history(@CurrentUser() user: Actor, @Params(MessageHistoryParams) p: MessageHistoryParams): Promise<{ message_history: unknown[] }> {
    return this.queryBus.execute(new GetMessageHistoryQuery(user, p.message_id, p.allow_empty_topic_name));
  }
}
