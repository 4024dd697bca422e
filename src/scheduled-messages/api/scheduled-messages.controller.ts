import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { Context, CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { RequestContext } from '../../wire/request-context';
import { Actor } from '../../shared/actor';
import {
  CreateScheduledMessageCommand,
  DeleteScheduledMessageCommand,
  EditScheduledMessageCommand,
  ScheduledAddress,
} from '../commands/scheduled-message.commands';
import { channelIdOf, directRecipientIdsOf, futureDeliveryTime, recipientKind } from '../domain/scheduled-message-rules';
import { GetScheduledMessagesQuery } from '../queries/get-scheduled-messages.query';
import { ScheduledMessageRow } from '../persistence/scheduled-message.store';
import { ScheduledMessageWire, scheduledMessageWire } from './scheduled-message.presenter';

/** Optional here so that each missing one is named in Zulip's order (type, to, content, time). */
class CreateParams {
  @WireParam('string', { optional: true }) type?: string;
  @WireParam('string', { optional: true }) to?: string;
  @WireParam('string', { optional: true }) topic?: string;
  @WireParam('string', { optional: true }) content?: string;
  @WireParam('int', { optional: true }) scheduled_delivery_timestamp?: number;
  @WireParam('bool', { optional: true }) read_by_sender?: boolean;
}

class IdParams {
  @WireParam('int', { path: true }) scheduled_message_id!: number;
}

class EditParams extends IdParams {
  @WireParam('string', { optional: true }) type?: string;
  @WireParam('string', { optional: true }) to?: string;
  @WireParam('string', { optional: true }) topic?: string;
  @WireParam('string', { optional: true }) content?: string;
  @WireParam('int', { optional: true }) scheduled_delivery_timestamp?: number;
}

function required<T>(name: string, value: T | undefined): T {
  if (value === undefined) throw ApiError.missingArgument(name);
  return value;
}

/**
 * Zulip's `/scheduled_messages` (views/scheduled_messages.py): each user's own messages to
 * be sent later; nobody reaches another's. The scheduler sends them (ScheduledMessageScheduler).
 */
@Controller('api/v1/scheduled_messages')
export class ScheduledMessagesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  async list(@CurrentUser() user: Actor): Promise<{ scheduled_messages: ScheduledMessageWire[] }> {
    return {
      scheduled_messages: (await this.queryBus.execute<GetScheduledMessagesQuery, ScheduledMessageRow[]>(new GetScheduledMessagesQuery(user.id))).map(scheduledMessageWire),
    };
  }

  @Post()
  create(
    @CurrentUser() user: Actor,
    @Context() context: RequestContext,
    @Params(CreateParams) p: CreateParams,
  ): Promise<{ scheduled_message_id: number }> {
    const kind = recipientKind(required('type', p.type));
    const to = required('to', p.to);
    const content = required('content', p.content);
    const deliverAt = futureDeliveryTime(required('scheduled_delivery_timestamp', p.scheduled_delivery_timestamp));
    const address: ScheduledAddress = kind === 'stream'
      ? { kind, streamId: channelIdOf(to), topic: p.topic }
      : { kind, userIds: directRecipientIdsOf(to) };
    return this.commandBus.execute(new CreateScheduledMessageCommand(user, address, content, deliverAt, p.read_by_sender, context.clientName));
  }

  @Patch(':scheduled_message_id')
  edit(@CurrentUser() user: Actor, @Context() context: RequestContext, @Params(EditParams) p: EditParams): Promise<Record<string, never>> {
    const kind = p.type === undefined ? null : recipientKind(p.type);
    if (kind === null && p.to === undefined && p.topic === undefined && p.content === undefined && p.scheduled_delivery_timestamp === undefined) {
      throw ApiError.badRequest('Nothing to change');
    }
    if (kind !== null && p.to === undefined) throw ApiError.badRequest('Recipient required when updating type of scheduled message.');
    if (kind === 'stream' && p.topic === undefined) throw ApiError.badRequest('Topic required when updating scheduled message type to stream.');
    const deliverAt = p.scheduled_delivery_timestamp === undefined ? null : futureDeliveryTime(p.scheduled_delivery_timestamp);
    return this.commandBus.execute(
      new EditScheduledMessageCommand(
        user,
        p.scheduled_message_id,
        { kind, to: p.to ?? null, topic: p.topic ?? null, content: p.content ?? null, deliverAt },
        context.clientName,
      ),
    );
  }

  @Delete(':scheduled_message_id')
  remove(@CurrentUser() user: Actor, @Params(IdParams) p: IdParams): Promise<Record<string, never>> {
    return this.commandBus.execute(new DeleteScheduledMessageCommand(user, p.scheduled_message_id));
  }
}
