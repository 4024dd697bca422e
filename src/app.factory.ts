import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { AppConfig } from './platform/config/app-config';
import { JsonLogger } from './platform/logging/logger';
import { installObservability } from './wire/http-observability';
import { trustedProxyTest } from './wire/client-address';
import { answerFrameworkError, configureHttp, maxBodyBytes } from './wire/http-setup';
import { installSecurityHeaders } from './wire/security-headers';
import { withoutPageSlash } from './wire/pages/page-urls';
import { apiUrlOf } from './wire/json-routes';

/** Builds the HTTP application (not yet listening): used by the server and the tests. */
export async function createHttpApp(
  config: AppConfig,
  logger: JsonLogger = new JsonLogger(config.log.level, config.log.format),
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: maxBodyBytes(config.storage.maxFileUploadSizeMib),
    genReqId: () => randomUUID(),
    // Long-polls last up to a heartbeat; keep-alive connections must outlive them. A parked
    // poll's socket is idle, so no idle timeout: slow senders meet the two deadlines below.
    keepAliveTimeout: 120_000,
    connectionTimeout: 0,
    requestTimeout: config.http.requestTimeoutSeconds * 1000,
    http: {
      headersTimeout: config.http.headersTimeoutSeconds * 1000,
      // Node checks the deadlines this often (30 s by default): short deadlines need short checks.
      connectionsCheckingInterval: Math.min(30_000, config.http.headersTimeoutSeconds * 500),
    },
    // Requests arriving while the server closes are answered in the error envelope (http-setup.ts).
    return503OnClosing: false,
    // `request.ip` (the per-IP rate limit) is the client a trusted proxy names (wire/client-address.ts).
    trustProxy: config.http.trustedProxies.length > 0 ? trustedProxyTest(config.http.trustedProxies) : false,
    // Path parameters carry email addresses (up to 254 characters, more once encoded).
    routerOptions: { maxParamLength: 1024 },
    // Fastify's own answers to a URL it cannot route (bad escapes, an over-long parameter).
    frameworkErrors: answerFrameworkError,
    // Zulip's page URLs end in a slash, which Nest's routes cannot (wire/pages/page-urls.ts);
    // `/json/...` is served by the `/api/v1/...` routes (wire/json-routes.ts).
    rewriteUrl: (request: { url?: string }) => withoutPageSlash(apiUrlOf(request.url ?? '/')),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger,
    bufferLogs: false,
    // The wire layer installs its own lenient parsers (configureHttp).
    bodyParser: false,
  });
  await configureHttp(app, config.storage.maxFileUploadSizeMib);
  await installSecurityHeaders(app, config.http.corsOrigins);
  installObservability(app, config, logger);
  app.enableShutdownHooks();
  return app;
}
