import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServerResponse } from 'node:http';
import { MetricsSettings } from '../../platform/config/settings';
import { MetricsService } from '../../platform/observability/metrics.service';
import { ApiError } from '../../shared/api-error';
import { errorBody, FailedRequest, toApiError } from '../../wire/api-exception.filter';
import { AddressedRealm, Credentials } from '../../wire/credentials';
import { serveWhileClosing } from '../../wire/http-setup';
import { installLeanRoute, LeanAnswer } from '../../wire/lean-route';
import { decodeParams, WireParam } from '../../wire/params/wire-param';
import { asSessionDoorError, cameThroughJson } from '../../wire/json-routes';
import { contextOf, RequestContext } from '../../wire/request-context';
import { Actor } from '../../shared/actor';
import { StoredEvent } from '../../platform/events/queues/event-json';
import { LongPollService, PollClient } from '../../platform/events/queues/long-poll.service';

/**
 * Zulip reads both ids as optional and answers their absence with plain BAD_REQUEST errors
 * (a missing `queue_id` with `dont_block` would register a queue on the fly there; this
 * server has no such implicit registration).
 */
export class GetEventsParams {
  @WireParam('string', { optional: true }) queue_id?: string;
  @WireParam('int', { optional: true }) last_event_id?: number;
  @WireParam('bool', { default: false }) dont_block!: boolean;
}

export const LONG_POLL_PATH = '/api/v1/events';

/** How a poll signs in: a remembered user at once (no promise on the hot path), else a lookup. */
type SignIn = (addressed: AddressedRealm) => Actor | Promise<Actor>;

/**
 * `GET /api/v1/events`, the busiest route by far (one request per delivered batch per
 * client), beside Nest's pipeline, as Zulip serves it from Tornado beside Django: the
 * credential function every route uses (an auth-cache hit reads nothing and makes no
 * promise), one look at the queue, and the stored events' JSON text spliced into the
 * answer as it is. No guards, interceptors or pipes, and no log line per request (the
 * request metrics count it; failures are logged). Plain polls are taken from Node's HTTP
 * server before Fastify sees them (wire/lean-route.ts); the rest (a body, CORS, a closing
 * server) reach the same handler through a Fastify route.
 */
@Injectable()
export class LongPollRoute implements OnModuleInit {
  private readonly logger = new Logger('HTTP');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly credentials: Credentials,
    private readonly polls: LongPollService,
    private readonly metrics: MetricsService,
    private readonly metricsSettings: MetricsSettings,
  ) {}

  onModuleInit(): void {
    // The CLI and the worker build the application without an HTTP server.
    if (!this.adapterHost.httpAdapter) return;
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.get(LONG_POLL_PATH, (request, reply) => this.serveThroughFastify(request, reply));
    // A poll arriving while the process closes is answered at once from its queue (the
    // store stays open until the HTTP server has closed), not refused as unavailable.
    serveWhileClosing(LONG_POLL_PATH);
    installLeanRoute(
      fastify,
      'GET',
      LONG_POLL_PATH,
      ({ raw, response, params }) =>
        this.answer(new RequestContext('', params, []), raw.headers.host, this.byApiKey(raw.headers.authorization), clientOf(response), {
          id: '-',
          method: 'GET',
          url: raw.url ?? LONG_POLL_PATH,
        }),
      (status, seconds) => {
        if (this.metricsSettings.enabled) this.metrics.observeRequest('GET', LONG_POLL_PATH, status, seconds);
      },
    );
  }

  private async serveThroughFastify(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    let context: RequestContext;
    try {
      context = contextOf(request);
    } catch (error) {
      return this.reply(reply, this.failed(error, request));
    }
    // `GET /json/events`: the web app's poll, signed in by its session cookie (wire/json-routes.ts).
    const viaJson = cameThroughJson(request);
    const signIn = viaJson ? this.bySession(request.headers.cookie) : this.byApiKey(request.headers.authorization);
    const answer = await this.answer(context, request.headers.host, signIn, clientOf(reply.raw), request, viaJson);
    return this.reply(reply, answer);
  }

  private reply(reply: FastifyReply, answer: LeanAnswer): FastifyReply {
    return reply
      .code(answer.status)
      .headers(answer.headers ?? {})
      .header('content-type', 'application/json; charset=utf-8')
      .send(answer.body);
  }

  /** The poll's user by its Authorization header (`/api/v1`): a remembered one without a promise. */
  private byApiKey(authorization: string | undefined): SignIn {
    return (addressed) => this.credentials.rememberedUser(addressed, authorization ?? '') ?? this.credentials.userFor(addressed, authorization ?? '');
  }

  /** The poll's user by its session cookie (`/json`); none is a 401, as on every `/json` route. */
  private bySession(cookie: string | undefined): SignIn {
    return async (addressed) => {
      const session = await this.credentials.sessionFromCookie(addressed, cookie);
      if (session === null) throw ApiError.unauthorized('Not logged in: API authentication or user session required');
      return session.user;
    };
  }

  /** The poll, answered: never rejects. */
  private async answer(
    context: RequestContext,
    host: string | undefined,
    signIn: SignIn,
    client: PollClient,
    request: FailedRequest,
    viaJson = false,
  ): Promise<LeanAnswer> {
    try {
      const addressed = this.credentials.rememberedRealm(host) ?? (await this.credentials.realmFor(host));
      const signedIn = signIn(addressed);
      const user = signedIn instanceof Promise ? await signedIn : signedIn;
      if (context.params.has('client')) context.usedParams.add('client');
      const p = decodeParams(GetEventsParams, context, {});
      if (p.queue_id === undefined) throw ApiError.badRequest("Missing 'queue_id' argument");
      if (p.last_event_id === undefined) throw ApiError.badRequest("Missing 'last_event_id' argument");
      const events = await this.polls.fetch(p.queue_id, user.id, p.last_event_id, p.dont_block, client);
      return { status: 200, body: successBody(events, p.queue_id, ignoredParams(context)) };
    } catch (error) {
      return this.failed(error, request, viaJson);
    }
  }

  private failed(error: unknown, request: FailedRequest, viaJson = false): LeanAnswer {
    const failure = toApiError(error, request, this.logger);
    const apiError = viaJson ? asSessionDoorError(failure) : failure;
    return { status: apiError.status, body: errorBody(apiError), headers: apiError.headers };
  }
}

function ignoredParams(context: RequestContext): string[] {
  const ignored: string[] = [];
  for (const name of context.params.keys()) if (!context.usedParams.has(name)) ignored.push(name);
  return ignored;
}

/** The success envelope with the events' stored JSON text spliced in. */
function successBody(events: readonly StoredEvent[], queueId: string, ignored: readonly string[]): string {
  let texts = '';
  for (let index = 0; index < events.length; index++) texts += (index === 0 ? '' : ',') + events[index].json;
  const unsupported = ignored.length > 0 ? `,"ignored_parameters_unsupported":${JSON.stringify(ignored)}` : '';
  return `{"result":"success","msg":"","events":[${texts}],"queue_id":${JSON.stringify(queueId)}${unsupported}}`;
}

/**
 * The HTTP side of a poll: the response closes before it is sent only when the client
 * went away. One object and one listener per poll (ten thousand may be parked).
 */
class ResponseClient implements PollClient {
  gone = false;
  private listener: (() => void) | null = null;

  constructor(private readonly response: ServerResponse) {
    response.on('close', this.closed);
  }

  onGone(callback: () => void): void {
    this.listener = callback;
    if (this.gone) callback();
  }

  private readonly closed = (): void => {
    if (this.response.writableFinished) return;
    this.gone = true;
    this.listener?.();
  };
}

function clientOf(response: ServerResponse): PollClient {
  return new ResponseClient(response);
}
