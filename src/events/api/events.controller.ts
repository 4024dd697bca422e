import { Controller, Delete, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ServerSettings } from '../../platform/config/settings';
import { versionFields } from '../../shared/server-version';
import { ApiError } from '../../shared/api-error';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { Context, CurrentUser, OptionalAuthEndpoint } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { RequestContext } from '../../wire/request-context';
import { Actor } from '../../shared/actor';
import { CreateEventQueueCommand } from '../commands/create-event-queue.command';
import { parseCapabilities, parseEventTypes, parseQueueNarrow } from '../domain/register-options';
import { applyRacedEvents } from '../domain/apply-raced-events';
import { InitialStateQuery } from '../queries/initial-state.query';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { EventQueueStore } from '../../platform/events/queues/event-queue-store';
import { parseStoredEvent } from '../../platform/events/queues/event-json';

class RegisterParams {
  @WireParam('bool', { default: false }) apply_markdown!: boolean;
  /** Default: true for a user, false for a spectator (who may not ask for it). */
  @WireParam('bool', { optional: true }) client_gravatar?: boolean;
  @WireParam('bool', { default: false }) include_subscribers!: boolean;
  @WireParam('bool', { default: false }) slim_presence!: boolean;
  @WireParam('int', { optional: true }) presence_history_limit_days?: number;
  @WireParam('json', { optional: true }) event_types?: unknown;
  @WireParam('json', { optional: true }) fetch_event_types?: unknown;
  @WireParam('bool', { default: false }) all_public_streams!: boolean;
  @WireParam('json', { optional: true }) narrow?: unknown;
  @WireParam('json', { optional: true }) client_capabilities?: unknown;
  /** Zulip reads `queue_lifespan_secs`; its API documents the queue's lifespan under this name too. */
  @WireParam('int', { default: 0 }) lifespan_secs!: number;
  @WireParam('int', { default: 0 }) queue_lifespan_secs!: number;
}

/** The queue's event types, and the state's: absent or null, the state follows `event_types` (itself null for everything). */
function requestedTypes(p: RegisterParams): { eventTypes: string[] | null; fetchEventTypes: string[] | null } {
  const eventTypes = parseEventTypes('event_types', p.event_types);
  const fetchEventTypes =
    p.fetch_event_types === undefined || p.fetch_event_types === null ? eventTypes : parseEventTypes('fetch_event_types', p.fetch_event_types);
  return { eventTypes, fetchEventTypes };
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
    private readonly dispatcher: EventDispatcher,
    private readonly server: ServerSettings,
    private readonly realms: RealmDirectory,
  ) {}

  /**
   * Creates the queue, then reads the state, so that no event falls between the two. An
   * event that raced with the state read is in the queue and may or may not be reflected
   * in the state; as Zulip does, register reads those events back and applies them to the
   * state, and `last_event_id` acknowledges them, so the client gets each of them once
   * (in the state) instead of possibly twice. Before that read, this process's deliveries
   * are flushed: everything it committed (or was committing) while the state was read is
   * then in the queue. (Another server process's delivery may still arrive after this
   * point, so with Redis a message committed elsewhere just before the state read can,
   * rarely, also come as an event, as in Zulip; clients keep messages by id.)
   */
  @Post('register')
  @OptionalAuthEndpoint()
  async register(@Context() context: RequestContext, @Params(RegisterParams) p: RegisterParams): Promise<Record<string, unknown>> {
    if (context.user === null) return this.registerSpectator(context, p);
    const user = context.user;
    const clientGravatar = p.client_gravatar ?? true;
    const { eventTypes, fetchEventTypes } = requestedTypes(p);
    const capabilities = parseCapabilities(p.client_capabilities);
    const narrow = parseQueueNarrow(p.narrow);
    const queueId = await this.commandBus.execute<CreateEventQueueCommand, string>(
      new CreateEventQueueCommand(user, {
        eventTypes,
        applyMarkdown: p.apply_markdown,
        clientGravatar,
        slimPresence: p.slim_presence,
        allPublicStreams: p.all_public_streams,
        narrow,
        capabilities,
        clientName: context.clientName,
      }, p.queue_lifespan_secs || p.lifespan_secs),
    );
    const state = await this.queryBus.execute<InitialStateQuery, Record<string, unknown>>(
      new InitialStateQuery(user, user.realmId, fetchEventTypes, {
        applyMarkdown: p.apply_markdown,
        clientGravatar,
        includeSubscribers: p.include_subscribers,
        capabilities,
        slimPresence: p.slim_presence,
        presenceHistoryLimitDays: p.presence_history_limit_days ?? null,
      }),
    );
    await this.dispatcher.flushed();
    const raced = await this.store.read(queueId, -1);
    const lastEventId =
      raced.kind === 'events'
        ? applyRacedEvents(state, raced.events.map(parseStoredEvent), {
            userId: user.id,
            includeSubscribers: p.include_subscribers,
            slimPresence: p.slim_presence,
          })
        : -1;
    return { queue_id: queueId, last_event_id: lastEventId, ...versionFields(this.server.zulipClientCompat), ...state };
  }

  /**
   * Zulip's register without a user, where the realm lets spectators read its web-public
   * channels: the state alone, with no queue (`queue_id` null, no `last_event_id`).
   */
  private async registerSpectator(context: RequestContext, p: RegisterParams): Promise<Record<string, unknown>> {
    const realm = context.requireRealm();
    const entity = await this.realms.requireById(realm.id);
    if (!(entity.enableSpectatorAccess && this.server.webPublicStreamsEnabled)) {
      throw ApiError.unauthorized('Not logged in: API authentication or user session required');
    }
    for (const name of ['client_gravatar', 'include_subscribers'] as const) {
      if (p[name]) throw ApiError.badRequest(`Invalid '${name}' parameter for anonymous request`);
    }
    const { fetchEventTypes } = requestedTypes(p);
    const state = await this.queryBus.execute<InitialStateQuery, Record<string, unknown>>(
      new InitialStateQuery(null, realm.id, fetchEventTypes, {
        applyMarkdown: p.apply_markdown,
        clientGravatar: false,
        includeSubscribers: false,
        capabilities: parseCapabilities(p.client_capabilities),
        slimPresence: true,
        presenceHistoryLimitDays: null,
      }),
    );
    return { queue_id: null, ...versionFields(this.server.zulipClientCompat), ...state };
  }

  @Delete('events')
  async deleteQueue(@CurrentUser() user: Actor, @Params(DeleteQueueParams) p: DeleteQueueParams): Promise<Record<string, never>> {
    await this.requireOwnQueue(user, p.queue_id);
    await this.store.remove(p.queue_id);
    return {};
  }

  /** Another user's queue is answered as Zulip does: as if it did not exist. */
  private async requireOwnQueue(user: Actor, queueId: string): Promise<void> {
    const queue = await this.store.describe(queueId);
    if (!queue || queue.userId !== user.id) throw ApiError.badEventQueue(queueId);
  }
}
