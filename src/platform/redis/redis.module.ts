import { Global, Module } from '@nestjs/common';
import { RedisConnections } from './redis-connections';

/**
 * The one place Redis connections are opened. Global, and imported right after the
 * configuration: Nest shuts global modules down in the reverse of the order it met them,
 * so the connections close after everything that uses them.
 */
@Global()
@Module({ providers: [RedisConnections], exports: [RedisConnections] })
export class RedisModule {}
