import * as net from 'node:net';
import { Api, encodeParams, Params } from './api';
import { until } from './until';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One HTTP/1.1 answer read off a raw connection. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Json;
}

/**
 * A raw HTTP/1.1 connection: for a request held in flight (its body not yet sent) and a
 * request pipelined behind it, which no HTTP client library lets a test control.
 */
export class RawConnection {
  private received = Buffer.alloc(0);
  private ended = false;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => (this.received = Buffer.concat([this.received, chunk])));
    socket.on('close', () => (this.ended = true));
    socket.on('error', () => (this.ended = true));
  }

  static async open(port: number): Promise<RawConnection> {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new RawConnection(socket);
  }

  /** A request head (and body, if given) for `api`'s realm and user. */
  static request(api: Api, method: string, route: string, extraHeaders: Record<string, string> = {}): string {
    const credentials = api.credentials as { email: string; apiKey: string };
    const headers = {
      host: api.host,
      authorization: `Basic ${Buffer.from(`${credentials.email}:${credentials.apiKey}`).toString('base64')}`,
      ...extraHeaders,
    };
    return `${method} /api/v1/${route} HTTP/1.1\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
  }

  /**
   * A connection with a POST held in flight: the server read its head (`Expect:
   * 100-continue`) and waits for the body, which the caller sends later with `write`. A
   * closing server waits for it, so the connection stays open meanwhile.
   */
  static async heldPost(api: Api, port: number, route: string, params: Params): Promise<{ connection: RawConnection; body: string }> {
    const body = encodeParams(params).toString();
    const connection = await RawConnection.open(port);
    connection.write(RawConnection.request(api, 'POST', route, {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength(body)),
      expect: '100-continue',
    }));
    await connection.continued();
    return { connection, body };
  }

  write(text: string): void {
    this.socket.write(text);
  }

  /** Waits for the server's interim "100 Continue": it read the head and runs the request. */
  async continued(): Promise<void> {
    await until(() => (this.received.toString('latin1').startsWith('HTTP/1.1 100 Continue\r\n\r\n') ? true : undefined), '100 Continue');
  }

  /** Waits until the server closed the connection, then parses every final answer it sent. */
  async answers(): Promise<RawAnswer[]> {
    await until(() => (this.ended ? true : undefined), 'the server to close the connection');
    const answers: RawAnswer[] = [];
    let rest = this.received;
    while (rest.length > 0) {
      const headEnd = rest.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = rest.subarray(0, headEnd).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length'] ?? 0);
      const body = rest.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
      rest = rest.subarray(headEnd + 4 + length);
      const status = Number(statusLine.split(' ')[1]);
      if (status !== 100) answers.push({ status, headers, body: JSON.parse(body) as Json });
    }
    return answers;
  }
}

/** Whether a new connection to `port` is refused (the server stopped listening). */
export function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** The number of long-polls parked in a server (its Prometheus gauge, on the metrics listener; METRICS_ENABLED). */
export async function parkedPolls(metricsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const line = text.split('\n').find((entry) => entry.startsWith('chat_long_polls_parked '));
  return line ? Number(line.split(' ')[1]) : 0;
}
