import { Global, Module } from '@nestjs/common';
import { RedisSettings } from '../config/settings';
import { DatabaseIdentity } from '../database/database-identity';
import { RedisConnections } from './redis-connections';
import { RedisDeployments } from './redis-deployments';
import { RedisKeyspace } from './redis-keyspace';

/**
 * The one place Redis connections are opened, and the keyspace every Redis user names its
 * keys in. Global, and imported right after the configuration: Nest shuts global modules
 * down in the reverse of the order it met them, so the connections close after everything
 * that uses them.
 */
@Global()
@Module({
  providers: [
    RedisConnections,
    {
      provide: RedisKeyspace,
      inject: [DatabaseIdentity, RedisSettings],
      useFactory: (identity: DatabaseIdentity, settings: RedisSettings) => RedisKeyspace.of(identity, settings.deploymentId),
    },
    RedisDeployments,
  ],
  exports: [RedisConnections, RedisKeyspace, RedisDeployments],
})
export class RedisModule {}
