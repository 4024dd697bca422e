import * as net from 'node:net';

/**
 * A TCP proxy between a server process and PostgreSQL or Redis, for fault tests that must
 * not restart the machine's shared services: `down()` cuts every live connection and
 * hangs up on new ones (what the server sees when the service restarts), `up()` forwards
 * again. Connections are cut, not refused, so the proxy keeps its port throughout.
 */
export class FaultProxy {
  private readonly sockets = new Set<net.Socket>();
  private readonly server = net.createServer((client) => this.accept(client));
  private available = true;
  /** The loopback port the proxy listens on. */
  port = 0;

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Listens on a free loopback port and forwards to `targetHost:targetPort`. */
  static async start(targetHost: string, targetPort: number): Promise<FaultProxy> {
    const proxy = new FaultProxy(targetHost, targetPort);
    await new Promise<void>((resolve, reject) => {
      proxy.server.once('error', reject);
      proxy.server.listen(0, '127.0.0.1', () => resolve());
    });
    proxy.port = (proxy.server.address() as net.AddressInfo).port;
    return proxy;
  }

  /** `url` with its host and port replaced by this proxy's. */
  route(url: string): string {
    const routed = new URL(url);
    routed.hostname = '127.0.0.1';
    routed.port = String(this.port);
    return routed.toString();
  }

  /** Connections open through the proxy now. */
  get connections(): number {
    return this.sockets.size / 2;
  }

  down(): void {
    this.available = false;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  up(): void {
    this.available = true;
  }

  async close(): Promise<void> {
    this.down();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: net.Socket): void {
    if (!this.available) {
      client.destroy();
      return;
    }
    const upstream = net.connect(this.targetPort, this.targetHost);
    this.sockets.add(client);
    this.sockets.add(upstream);
    const drop = (): void => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    // A reset on either side ends both, as a service restart would.
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
