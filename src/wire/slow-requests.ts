import { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { EventLoopUtilization, performance } from 'node:perf_hooks';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { FastifyInstance } from 'fastify';
import { HttpSettings } from '../platform/config/settings';
import { MetricsService } from '../platform/observability/metrics.service';
import { clientAddress, TrustedProxyTest, trustedProxyTest } from './client-address';
import { Credentials } from './credentials';

/** A request still arriving after this long is slow: it counts against its address's cap. */
export const SLOW_REQUEST_SECONDS = 2;

/** How often open connections are looked over (a connection is closed at most this late). */
const SWEEP_MILLISECONDS = 500;

/** A sweep this late says the event loop was busy: the time since the last one does not count. */
const LATE_SWEEP_MILLISECONDS = 250;

/** Nor does it when the event loop was this busy since the last sweep (a burst of 10,000 re-polls, say). */
const SATURATED_LOOP = 0.9;

/** What the sweep knows of one open connection. */
interface Connection {
  readonly socket: Socket;
  /** The peer, or `null` when the peer is a trusted proxy (its requests count per forwarded client). */
  readonly peer: string | null;
  /** Times below are on the patience clock (see SlowRequestLimits.patience). */
  readonly openedAt: number;
  /** The latest request whose headers arrived, and its response. */
  request: IncomingMessage | null;
  response: ServerResponse | null;
  requestAt: number;
  /** Between requests: bytes read when the sweep first saw the connection idle, and when more came. */
  idleBytes: number;
  nextHeadersSince: number;
  /** The latest request's credentials, looked at once its body ran past the unauthenticated limit. */
  credentials: 'unchecked' | 'checking' | 'valid';
}

/** Why a connection was closed (the metric's `reason`). */
export type SlowRequestOutcome = 'address_cap' | 'refused_at_connect' | 'unauthenticated_body_timeout';

const REQUEST_TIMEOUT_ANSWER = JSON.stringify({
  result: 'error',
  msg: 'The request body took too long to arrive.',
  code: 'REQUEST_TIMEOUT',
});

/**
 * Slow clients cannot hold the server's sockets. Node's own deadlines (headers within
 * `HTTP_HEADERS_TIMEOUT_SECONDS`, the whole request within `HTTP_REQUEST_TIMEOUT_SECONDS`)
 * leave each slow connection open for minutes, so thousands of them exhaust the
 * process's file descriptors. Here, per client address, at most
 * `HTTP_MAX_SLOW_REQUESTS_PER_ADDRESS` requests may be arriving slowly (headers or body
 * still coming after SLOW_REQUEST_SECONDS; a fresh connection that has sent nothing counts,
 * one parked on a long-poll or idle between requests does not): the newest beyond it are
 * closed, and that address's new connections refused while it is over. A body without
 * valid credentials must arrive within `HTTP_UNAUTHENTICATED_BODY_TIMEOUT_SECONDS` (a 408).
 *
 * Everything is read from public properties in a sweep every SWEEP_MILLISECONDS, so a
 * request costs one map lookup: a parked poll's socket is never touched.
 */
@Injectable()
export class SlowRequestLimits implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('HTTP');
  private readonly connections = new Map<Socket, Connection>();
  private readonly trusted: TrustedProxyTest;
  /**
   * Addresses that went over the cap: their new connections are refused until their slow
   * requests drop below it (a flood cannot refill the cap at each sweep).
   */
  private overCap = new Set<string>();
  private sweeper: NodeJS.Timeout | null = null;
  /**
   * Milliseconds between sweeps while the server kept up: the clock slowness is measured
   * by. While the event loop is saturated (10,000 polls arriving at once, say), requests
   * already in the kernel's buffers wait for the server, not for their clients, and must not
   * count as slow; a sweep that comes late or after a saturated interval adds nothing.
   */
  private patience = 0;
  private lastSweepAt = Date.now();
  private loopUse: EventLoopUtilization = performance.eventLoopUtilization();
  /** Connections closed since the latest sweep, by outcome and address: one log line each per sweep. */
  private closedSinceSweep = new Map<string, number>();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly http: HttpSettings,
    private readonly credentials: Credentials,
    private readonly metrics: MetricsService,
  ) {
    this.trusted = trustedProxyTest(http.trustedProxies);
  }

  /** After every module's start (the long-poll route takes over the `request` listeners in its own). */
  onApplicationBootstrap(): void {
    if (!this.adapterHost.httpAdapter) return;
    const server = this.adapterHost.httpAdapter.getInstance<FastifyInstance>().server as Server;
    server.on('connection', (socket: Socket) => this.opened(socket));
    server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => this.started(request, response));
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MILLISECONDS);
    this.sweeper.unref();
  }

  onApplicationShutdown(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  private opened(socket: Socket): void {
    const address = socket.remoteAddress ?? '';
    const peer = this.trusted(address, 0) ? null : address;
    if (peer !== null && this.overCap.has(peer)) {
      this.closed('refused_at_connect', peer);
      socket.destroy();
      return;
    }
    this.connections.set(socket, {
      socket,
      peer,
      openedAt: this.patience,
      request: null,
      response: null,
      requestAt: this.patience,
      idleBytes: -1,
      nextHeadersSince: 0,
      credentials: 'unchecked',
    });
    socket.once('close', () => this.connections.delete(socket));
  }

  private started(request: IncomingMessage, response: ServerResponse): void {
    const connection = this.connections.get(request.socket as Socket);
    if (!connection) return;
    connection.request = request;
    connection.response = response;
    connection.requestAt = this.patience;
    connection.idleBytes = -1;
    connection.credentials = 'unchecked';
  }

  private sweep(): void {
    const wallClock = Date.now();
    const elapsed = wallClock - this.lastSweepAt;
    this.lastSweepAt = wallClock;
    const loopUse = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(loopUse, this.loopUse).utilization;
    this.loopUse = loopUse;
    if (elapsed > SWEEP_MILLISECONDS + LATE_SWEEP_MILLISECONDS || busy > SATURATED_LOOP) {
      this.logClosed();
      return;
    }
    this.patience += elapsed;
    const now = this.patience;
    const slowSince = now - SLOW_REQUEST_SECONDS * 1000;
    const bodyDeadline = now - this.http.unauthenticatedBodyTimeoutSeconds * 1000;
    const cap = this.http.maxSlowRequestsPerAddress;
    const slowByAddress = new Map<string, number>();
    // Oldest connections first (the map keeps insertion order): the newest beyond the cap go.
    for (const connection of this.connections.values()) {
      const arrivingSince = this.arrivingSince(connection, now);
      if (arrivingSince === null || arrivingSince > slowSince) continue;
      const address = this.addressOf(connection);
      if (address === null) continue;
      const count = (slowByAddress.get(address) ?? 0) + 1;
      slowByAddress.set(address, count);
      if (count > cap) {
        this.closed('address_cap', address);
        connection.socket.destroy();
        continue;
      }
      if (this.bodyArriving(connection) && connection.requestAt <= bodyDeadline && connection.credentials === 'unchecked') {
        this.checkCredentials(connection, address);
      }
    }
    const overCap = new Set<string>();
    for (const [address, count] of slowByAddress) {
      if (count > cap || (count === cap && this.overCap.has(address))) overCap.add(address);
    }
    this.overCap = overCap;
    this.logClosed();
  }

  /** Since when the connection's current request has been arriving, or `null` if none is. */
  private arrivingSince(connection: Connection, now: number): number | null {
    const { request, response, socket } = connection;
    if (request === null) return connection.openedAt;
    if (response !== null && !response.writableFinished) return request.complete ? null : connection.requestAt;
    // Between requests: idle until more bytes come, then the next request's headers are arriving.
    if (connection.idleBytes < 0) {
      connection.idleBytes = socket.bytesRead;
      return null;
    }
    if (socket.bytesRead === connection.idleBytes) return null;
    if (connection.nextHeadersSince === 0 || connection.nextHeadersSince < connection.requestAt) connection.nextHeadersSince = now;
    return connection.nextHeadersSince;
  }

  private bodyArriving(connection: Connection): boolean {
    const { request, response } = connection;
    return request !== null && !request.complete && response !== null && !response.writableFinished;
  }

  /** The client the connection's request counts against; `null` for a trusted proxy's connection between requests. */
  private addressOf(connection: Connection): string | null {
    if (connection.peer !== null) return connection.peer;
    return this.bodyArriving(connection) && connection.request ? clientAddress(connection.request, this.trusted) : null;
  }

  /** The body ran past the unauthenticated limit: it may go on only with valid credentials. */
  private checkCredentials(connection: Connection, address: string): void {
    const request = connection.request as IncomingMessage;
    connection.credentials = 'checking';
    void this.hasValidCredentials(request).then((valid) => {
      if (connection.request !== request || request.complete) return;
      if (valid) {
        connection.credentials = 'valid';
        return;
      }
      this.closed('unauthenticated_body_timeout', address);
      answerRequestTimeout(connection.socket);
    });
  }

  private async hasValidCredentials(request: IncomingMessage): Promise<boolean> {
    const authorization = request.headers.authorization;
    if (authorization === undefined) return false;
    try {
      const addressed = await this.credentials.realmFor(request.headers.host);
      await this.credentials.userFor(addressed, authorization, { allowIncomingWebhookBots: true });
      return true;
    } catch {
      return false;
    }
  }

  private closed(outcome: SlowRequestOutcome, address: string): void {
    this.metrics.observeSlowRequestClosed(outcome);
    const key = `${outcome} ${address}`;
    this.closedSinceSweep.set(key, (this.closedSinceSweep.get(key) ?? 0) + 1);
  }

  /** A flood of slow connections is one line per address every sweep, not one per connection. */
  private logClosed(): void {
    if (this.closedSinceSweep.size === 0) return;
    for (const [key, count] of this.closedSinceSweep) {
      const [outcome, address] = key.split(' ');
      this.logger.warn(`closed ${count} slow connection(s) from ${address}: ${outcome}`);
    }
    this.closedSinceSweep = new Map();
  }
}

/** Node's own answer to a request past its deadline, in the API's error envelope, and the connection closed. */
function answerRequestTimeout(socket: Socket): void {
  if (socket.destroyed) return;
  socket.end(
    'HTTP/1.1 408 Request Timeout\r\n' +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(REQUEST_TIMEOUT_ANSWER)}\r\n\r\n` +
      REQUEST_TIMEOUT_ANSWER,
    // Written: the client need not close its side for the descriptor to be freed.
    () => socket.destroy(),
  );
}
