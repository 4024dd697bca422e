import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { AppConfig } from './platform/config/app-config';
import { JsonLogger } from './platform/logging/logger';
import { configureHttp, MAX_BODY_BYTES } from './wire/http-setup';

/** Builds the HTTP application (not yet listening): used by the server and the tests. */
export async function createHttpApp(config: AppConfig): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: MAX_BODY_BYTES,
    genReqId: () => randomUUID(),
    // Long-polls last up to a heartbeat; keep-alive connections must outlive them.
    keepAliveTimeout: 120_000,
    connectionTimeout: 0,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: new JsonLogger(config.logLevel),
    bufferLogs: false,
    // The wire layer installs its own lenient parsers (configureHttp).
    bodyParser: false,
  });
  await configureHttp(app);
  app.enableShutdownHooks();
  return app;
}
