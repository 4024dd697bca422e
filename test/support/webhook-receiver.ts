import * as http from 'node:http';
import { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Reply = { status?: number; body?: string; delayMs?: number; headers?: Record<string, string> };

/**
 * An outgoing-webhook receiver on loopback for the specs (test servers allow 127.0.0.1 through
 * WEBHOOK_ALLOWED_HOSTS), answering from a script, one reply per request (the last one
 * repeats), and keeping every request it got.
 */
export class Receiver {
  readonly requests: Received[] = [];
  private script: Reply[] = [{ body: '' }];
  private server!: http.Server;
  port = 0;

  /** Listens on `port` (a free one by default); call `answer` first to script the very first request. */
  async start(host = '127.0.0.1', port = 0): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const reply = this.script.length > 1 ? (this.script.shift() as Reply) : this.script[0];
        const answer = () => {
          res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
          res.end(reply.body ?? '');
        };
        if (reply.delayMs) setTimeout(answer, reply.delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(port, host, resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  answer(...replies: Reply[]): void {
    this.script = replies;
    this.requests.length = 0;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
