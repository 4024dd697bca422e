import { Controller, Delete, Get, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { AppConfig } from '../../platform/config/app-config';
import { versionFields } from '../../realm/domain/server-version';
import { ApiError } from '../../shared/api-error';
import { Context, CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { RequestContext, RequestUser } from '../../wire/request-context';
import { CreateEventQueueCommand } from '../commands/create-event-queue.command';
import { parseCapabilities, parseEventTypes, parseQueueNarrow } from '../domain/register-options';
import { InitialStateQuery } from '../queries/initial-state.query';
import { EventQueueStore } from '../queues/event-queue-store';
import { LongPollService } from '../queues/long-poll.service';
import { QueuedEvent } from '../queues/queue-descriptor';

class RegisterParams {
  @WireParam('bool', { default: false }) apply_markdown!: boolean;
  @WireParam('bool', { default: true }) client_gravatar!: boolean;
  @WireParam('bool', { default: false }) include_subscribers!: boolean;
  @WireParam('bool', { default: false }) slim_presence!: boolean;
  @WireParam('int', { optional: true }) presence_history_limit_days?: number;
  @WireParam('json', { optional: true }) event_types?: unknown;
  @WireParam('json', { optional: true }) fetch_event_types?: unknown;
  @WireParam('bool', { default: false }) all_public_streams!: boolean;
  @WireParam('json', { optional: true }) narrow?: unknown;
  @WireParam('json', { optional: true }) client_capabilities?: unknown;
}

class GetEventsParams {
  @WireParam('string') queue_id!: string;
  @WireParam('int', { default: -1 }) last_event_id!: number;
  @WireParam('bool', { default: false }) dont_block!: boolean;
}

class DeleteQueueParams {
  @WireParam('string') queue_id!: string;
}

@Controller('api/v1')
export class EventsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly store: EventQueueStore,
    private readonly polls: LongPollService,
    private readonly config: AppConfig,
  ) {}

  /** The queue is created before the state is read, so no event falls between the two. */
  @Post('register')
  async register(
    @CurrentUser() user: RequestUser,
    @Context() context: RequestContext,
    @Params(RegisterParams) p: RegisterParams,
  ): Promise<Record<string, unknown>> {
    const eventTypes = parseEventTypes('event_types', p.event_types);
    const fetchEventTypes = p.fetch_event_types === undefined ? eventTypes : parseEventTypes('fetch_event_types', p.fetch_event_types);
    const capabilities = parseCapabilities(p.client_capabilities);
    const narrow = parseQueueNarrow(p.narrow);
    const queueId = await this.commandBus.execute<CreateEventQueueCommand, string>(
      new CreateEventQueueCommand(user.id, user.realmId, {
        eventTypes,
        applyMarkdown: p.apply_markdown,
        clientGravatar: p.client_gravatar,
        slimPresence: p.slim_presence,
        allPublicStreams: p.all_public_streams,
        narrow,
        capabilities,
        clientName: context.clientName,
      }),
    );
    const state = await this.queryBus.execute<InitialStateQuery, Record<string, unknown>>(
      new InitialStateQuery(user, fetchEventTypes, {
        applyMarkdown: p.apply_markdown,
        clientGravatar: p.client_gravatar,
        includeSubscribers: p.include_subscribers,
        capabilities,
      }),
    );
    return { queue_id: queueId, last_event_id: -1, ...versionFields(this.config.zulipClientCompat), ...state };
  }

  @Get('events')
  async getEvents(
    @CurrentUser() user: RequestUser,
    @Params(GetEventsParams) p: GetEventsParams,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ events: QueuedEvent[]; queue_id: string }> {
    await this.requireOwnQueue(user, p.queue_id);
    // The response closes before it is sent only when the client went away.
    const aborted = new AbortController();
    reply.raw.once('close', () => aborted.abort());
    const events = await this.polls.fetch(p.queue_id, p.last_event_id, p.dont_block, aborted.signal);
    return { events, queue_id: p.queue_id };
  }

  @Delete('events')
  async deleteQueue(@CurrentUser() user: RequestUser, @Params(DeleteQueueParams) p: DeleteQueueParams): Promise<Record<string, never>> {
    await this.requireOwnQueue(user, p.queue_id);
    await this.store.remove(p.queue_id);
    return {};
  }

  private async requireOwnQueue(user: RequestUser, queueId: string): Promise<void> {
    const queue = await this.store.describe(queueId);
    if (!queue) throw ApiError.badEventQueue(queueId);
    if (queue.userId !== user.id) throw ApiError.badRequest('You are not authorized to get events from this queue');
  }
}
