import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { FastifyInstance } from 'fastify';
import { beginClosing, noteArrival } from './http-setup';

/**
 * The HTTP side of SIGTERM (docs/operations.md, "Faults and shutdown"): in the first shutdown phase,
 * before the long-polls are released (QueueRestartNotice, in the next), the server stops
 * accepting connections and closes idle ones; every answer from then on closes its
 * connection, so no client sends its next request onto a connection being closed.
 */
@Injectable()
export class HttpDrain implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  private get fastify(): FastifyInstance | null {
    // The CLI and the worker build the application without an HTTP server.
    return this.adapterHost.httpAdapter ? this.adapterHost.httpAdapter.getInstance<FastifyInstance>() : null;
  }

  /** After every module's start: the long-poll route takes over the `request` listeners in its own. */
  onApplicationBootstrap(): void {
    this.fastify?.server.prependListener('request', noteArrival);
  }

  onModuleDestroy(): void {
    const fastify = this.fastify;
    if (fastify) beginClosing(fastify);
  }
}
