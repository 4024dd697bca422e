import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Api } from '../test/support/api';
import { percentile, sleep } from './harness';
import { MARKER, Tracker } from './send-tracking';
import { fmt } from './send-report';

/**
 * The receiver of the outgoing-webhook bot the send bench's `--mention-bot` mentions:
 * counts each message's delivery once, times it from the message's POST, and asks for no
 * reply.
 */
export class WebhookReceiver {
  private readonly latencies = new Map<number, number>();
  private duplicates = 0;

  private constructor(
    private readonly server: http.Server,
    private readonly tracker: Tracker,
  ) {}

  static async start(tracker: Tracker): Promise<WebhookReceiver> {
    let receiver: WebhookReceiver | null = null;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        receiver?.received(Buffer.concat(chunks).toString('utf8'), performance.now());
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"response_not_required": true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver = new WebhookReceiver(server, tracker);
    return receiver;
  }

  /** Creates the bot (the owner's) pointed at this receiver; answers its full name. */
  async createBot(owner: Api): Promise<string> {
    const { port } = this.server.address() as AddressInfo;
    const made = await owner.post('bots', {
      short_name: 'benchhook', full_name: 'Bench Hook', bot_type: 3, payload_url: JSON.stringify(`http://127.0.0.1:${port}/hook`),
    });
    if (made.status !== 200) throw new Error(`creating the webhook bot failed: ${JSON.stringify(made.body)}`);
    return 'Bench Hook';
  }

  private received(body: string, at: number): void {
    const seq = Number(MARKER.exec((JSON.parse(body) as { data: string }).data)?.[1] ?? NaN);
    const issuedAt = this.tracker.issuedAt(seq);
    if (issuedAt === undefined) return;
    if (this.latencies.has(seq)) this.duplicates += 1;
    else this.latencies.set(seq, at - issuedAt);
  }

  async waitFor(count: number, seconds: number): Promise<void> {
    const deadline = performance.now() + seconds * 1000;
    while (this.latencies.size < count && performance.now() < deadline) await sleep(20);
  }

  report(expected: number): void {
    const latencies = [...this.latencies.values()];
    process.stdout.write(
      `\noutgoing webhook: ${this.latencies.size} of ${expected} mentions delivered (${this.duplicates} duplicates); ` +
        `POST /messages to receiver p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(percentile(latencies, 99))} ms\n`,
    );
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
