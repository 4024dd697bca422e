import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { MetricsSettings } from '../config/settings';
import { MetricsService } from './metrics.service';

/**
 * Prometheus metrics on a listener of their own (`METRICS_HOST`:`METRICS_PORT`, loopback
 * by default), never on the API port: the series name routes, clients and queue sizes, and
 * the API port faces every client. Only `GET /metrics` answers; anything else is a 404.
 */
@Injectable()
export class MetricsListener implements OnApplicationShutdown {
  private readonly logger = new Logger('metrics');
  private server: http.Server | null = null;

  constructor(
    private readonly settings: MetricsSettings,
    private readonly metrics: MetricsService,
  ) {}

  /** Starts listening (with METRICS_ENABLED); resolves with the port, or null when off. */
  async listen(): Promise<number | null> {
    if (!this.settings.enabled) return null;
    const server = http.createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.settings.listener.port, this.settings.listener.host, () => resolve());
    });
    this.server = server;
    const { port } = server.address() as AddressInfo;
    this.logger.log(`Prometheus metrics on http://${this.settings.listener.host}:${port}/metrics`);
    return port;
  }

  private async answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    try {
      const { contentType, body } = await this.metrics.render();
      response.writeHead(200, { 'content-type': contentType }).end(request.method === 'HEAD' ? undefined : body);
    } catch (error) {
      this.logger.error(`metrics not rendered: ${(error as Error).message}`);
      response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed\n');
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
