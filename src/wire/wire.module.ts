import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { RealmModule } from '../realm/realm.module';
import { ApiAuthGuard } from './api-auth.guard';
import { ApiExceptionFilter } from './api-exception.filter';
import { EnvelopeInterceptor } from './envelope.interceptor';
import { RootController } from './root.controller';

/** The HTTP wire format: envelopes, errors, Basic auth, realm by Host. */
@Module({
  imports: [RealmModule],
  controllers: [RootController],
  providers: [
    { provide: APP_GUARD, useClass: ApiAuthGuard },
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
  ],
})
export class WireModule {}
