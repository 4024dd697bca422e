import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../shared/api-error';
import { sendError, toApiError } from '../../wire/api-exception.filter';
import { Credentials } from '../../wire/credentials';
import { contextOf } from '../../wire/request-context';
import { decodeParams, WireParam } from '../../wire/params/wire-param';
import { StoredEvent } from '../queues/event-json';
import { LongPollService, PollClient } from '../queues/long-poll.service';

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

/**
 * `GET /api/v1/events`, the busiest route by far (one request per delivered batch per
 * client), on a path of its own beside Nest's pipeline, as Zulip serves it from Tornado
 * beside Django: the credential function every route uses (an auth-cache hit reads
 * nothing), one look at the queue, and the stored events' JSON text spliced into the
 * answer as it is. No guards, interceptors or pipes; no log line per request (the request
 * metrics count it, and failures are logged).
 */
@Injectable()
export class LongPollRoute implements OnModuleInit {
  private readonly logger = new Logger('HTTP');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly credentials: Credentials,
    private readonly polls: LongPollService,
  ) {}

  onModuleInit(): void {
    // The CLI and the worker build the application without an HTTP server.
    if (!this.adapterHost.httpAdapter) return;
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.get(LONG_POLL_PATH, (request, reply) => this.serve(request, reply));
  }

  private async serve(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    try {
      const context = contextOf(request);
      const addressed = await this.credentials.realmFor(request.headers.host);
      const user = await this.credentials.userFor(addressed, request.headers.authorization ?? '');
      context.realm = { id: addressed.realm.id, stringId: addressed.realm.stringId };
      context.user = user;
      if (context.params.has('client')) context.usedParams.add('client');
      const p = decodeParams(GetEventsParams, context, {});
      if (p.queue_id === undefined) throw ApiError.badRequest("Missing 'queue_id' argument");
      if (p.last_event_id === undefined) throw ApiError.badRequest("Missing 'last_event_id' argument");
      const events = await this.polls.fetch(p.queue_id, user.id, p.last_event_id, p.dont_block, clientOf(reply));
      const ignored = [...context.params.keys()].filter((name) => !context.usedParams.has(name));
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .send(answer(events, p.queue_id, ignored));
    } catch (error) {
      sendError(reply, toApiError(error, request, this.logger));
      return reply;
    }
  }
}

/** The success envelope with the events' stored JSON text spliced in. */
function answer(events: readonly StoredEvent[], queueId: string, ignored: readonly string[]): string {
  let events_ = '';
  for (let index = 0; index < events.length; index++) events_ += (index === 0 ? '' : ',') + events[index].json;
  const unsupported = ignored.length > 0 ? `,"ignored_parameters_unsupported":${JSON.stringify(ignored)}` : '';
  return `{"result":"success","msg":"","events":[${events_}],"queue_id":${JSON.stringify(queueId)}${unsupported}}`;
}

/** The response closes before it is sent only when the client went away. */
function clientOf(reply: FastifyReply): PollClient {
  const response = reply.raw;
  let gone = false;
  let listener: (() => void) | null = null;
  response.once('close', () => {
    if (response.writableFinished) return;
    gone = true;
    listener?.();
  });
  return {
    get gone() {
      return gone;
    },
    onGone(callback: () => void) {
      listener = callback;
      if (gone) callback();
    },
  };
}
