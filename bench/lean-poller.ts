import * as net from 'node:net';
import { performance } from 'node:perf_hooks';
import { Credentials, encodeParams, Params } from '../test/support/api';
import { BenchResponse, connectionFailure } from './client';

/**
 * One simulated client's long-poll connection, as a load generator keeps it: its own
 * keep-alive socket, each request written as one prebuilt string, and only the status
 * line and `Content-Length` read of the answer before its JSON body is parsed. Node's
 * HTTP client does far more per request (agents, header objects, listeners), and with
 * thousands of clients that work took as much CPU as the server it measured; on the same
 * box the load generator's cost is the server's loss.
 */
export class LeanPoller {
  private socket: net.Socket | null = null;
  private buffered: Buffer = Buffer.alloc(0);
  private pending: { resolve: (response: BenchResponse) => void; reject: (error: Error) => void } | null = null;
  private readonly head: string;
  /** Answers read on the current socket: 0 while the socket is new. */
  private answers = 0;

  constructor(
    private readonly port: number,
    subdomain: string,
    credentials: Credentials,
  ) {
    const authorization = `Basic ${Buffer.from(`${credentials.email}:${credentials.apiKey}`).toString('base64')}`;
    this.head = ` HTTP/1.1\r\nHost: ${subdomain}.localhost:${port}\r\nUser-Agent: ZulipBench/1.0\r\nAuthorization: ${authorization}\r\n\r\n`;
  }

  /** One GET of `route` under /api/v1 (a poll); only one at a time per poller. */
  get(route: string, params: Params, signal?: AbortSignal): Promise<BenchResponse> {
    if (this.pending) return Promise.reject(new Error('a request is already in flight'));
    if (signal?.aborted) return Promise.reject(new Error('aborted'));
    const socket = this.connected();
    return new Promise<BenchResponse>((resolve, reject) => {
      const abort = () => this.fail(new Error('aborted'));
      signal?.addEventListener('abort', abort, { once: true });
      this.pending = {
        resolve: (response) => {
          signal?.removeEventListener('abort', abort);
          resolve(response);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', abort);
          reject(error);
        },
      };
      const query = encodeParams(params).toString();
      socket.write(`GET /api/v1/${route}${query ? `?${query}` : ''}${this.head}`);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private connected(): net.Socket {
    if (this.socket && !this.socket.destroyed) return this.socket;
    this.buffered = Buffer.alloc(0);
    this.answers = 0;
    const socket = net.connect(this.port, '127.0.0.1');
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.received(chunk));
    // Said with the socket's history: closed on a new connection is the server refusing
    // it; after answers, the server (or its limiter) ended a parked poll.
    socket.on('error', (error) => this.fail(this.connectionFailure(error)));
    socket.on('close', () => {
      if (this.socket === socket) this.socket = null;
      this.fail(this.connectionFailure(Object.assign(new Error('connection closed by the server'), { code: 'EOF' })));
    });
    this.socket = socket;
    return socket;
  }

  private received(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const end = this.buffered.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.buffered.toString('latin1', 0, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
    if (!Number.isFinite(length)) {
      this.fail(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
      this.close();
      return;
    }
    if (this.buffered.length < end + 4 + length) return;
    const receivedAt = performance.now();
    const text = this.buffered.toString('utf8', end + 4, end + 4 + length);
    this.buffered = this.buffered.subarray(end + 4 + length);
    const pending = this.pending;
    this.pending = null;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { raw: text };
    }
    this.answers += 1;
    pending?.resolve({ status: Number(head.slice(9, 12)), body, receivedAt });
  }

  private connectionFailure(error: Error): Error {
    return connectionFailure(error, this.answers > 0);
  }

  private fail(error: Error): void {
    const pending = this.pending;
    this.pending = null;
    this.buffered = Buffer.alloc(0);
    if (pending) {
      this.close();
      pending.reject(error);
    }
  }
}
