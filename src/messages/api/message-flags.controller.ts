import { Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { expectIntegerList } from '../../shared/json-shapes';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { MarkAsReadCommand } from '../commands/mark-as-read.command';
import { UpdateFlagsForNarrowCommand, UpdateFlagsForNarrowResult } from '../commands/update-flags-for-narrow.command';
import { UpdateMessageFlagsCommand, UpdateMessageFlagsResult } from '../commands/update-message-flags.command';
import { clampUpdateRange, parseFlagChange } from '../domain/flag-change';
import { normalizeTopic } from '../../shared/message-content';
import { parseAnchor } from '../domain/message-range';
import { parseNarrow } from '../domain/narrow';

class UpdateFlagsParams {
  @WireParam('json') messages!: unknown;
  @WireParam('string') op!: string;
  @WireParam('string') flag!: string;
}

class UpdateFlagsForNarrowParams {
  @WireParam('string') anchor!: string;
  @WireParam('bool', { default: true }) include_anchor!: boolean;
  @WireParam('int') num_before!: number;
  @WireParam('int') num_after!: number;
  @WireParam('json') narrow!: unknown;
  @WireParam('string') op!: string;
  @WireParam('string') flag!: string;
}

class MarkStreamParams {
  @WireParam('int') stream_id!: number;
}

class MarkTopicParams {
  @WireParam('int') stream_id!: number;
  @WireParam('string') topic_name!: string;
}

/** Message flags: by id, over a narrow's window, and the mark-as-read shortcuts. */
@Controller('api/v1')
export class MessageFlagsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('messages/flags')
  updateFlags(@CurrentUser() user: Actor, @Params(UpdateFlagsParams) p: UpdateFlagsParams): Promise<UpdateMessageFlagsResult> {
    const messages = expectIntegerList('messages', p.messages);
    return this.commandBus.execute(new UpdateMessageFlagsCommand(user, parseFlagChange(p.op, p.flag), messages));
  }

  @Post('messages/flags/narrow')
  updateFlagsForNarrow(
    @CurrentUser() user: Actor,
    @Params(UpdateFlagsForNarrowParams) p: UpdateFlagsForNarrowParams,
  ): Promise<UpdateFlagsForNarrowResult> {
    if (p.num_before < 0) throw ApiError.badRequest('num_before is too small');
    if (p.num_after < 0) throw ApiError.badRequest('num_after is too small');
    const narrow = p.narrow === null ? [] : parseNarrow(p.narrow);
    const anchor = parseAnchor(p.anchor, false);
    if (p.num_before > 0 && p.num_after > 0 && !p.include_anchor) {
      throw ApiError.badRequest('The anchor can only be excluded at an end of the range');
    }
    const change = parseFlagChange(p.op, p.flag);
    const range = { anchor, includeAnchor: p.include_anchor, ...clampUpdateRange(p.num_before, p.num_after) };
    return this.commandBus.execute(new UpdateFlagsForNarrowCommand(user, change, narrow, range));
  }

  @Post('mark_all_as_read')
  markAllAsRead(@CurrentUser() user: Actor): Promise<Record<string, unknown>> {
    return this.commandBus.execute(new MarkAsReadCommand(user, { kind: 'all' }));
  }

  @Post('mark_stream_as_read')
  markStreamAsRead(@CurrentUser() user: Actor, @Params(MarkStreamParams) p: MarkStreamParams): Promise<Record<string, unknown>> {
    return this.commandBus.execute(new MarkAsReadCommand(user, { kind: 'channel', streamId: p.stream_id }));
  }

  @Post('mark_topic_as_read')
  markTopicAsRead(@CurrentUser() user: Actor, @Params(MarkTopicParams) p: MarkTopicParams): Promise<Record<string, unknown>> {
    // "general chat" names the empty topic, as in sending.
    const topic = normalizeTopic(p.topic_name);
    return this.commandBus.execute(new MarkAsReadCommand(user, { kind: 'topic', streamId: p.stream_id, topic }));
  }
}
