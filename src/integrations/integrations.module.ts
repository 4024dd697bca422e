import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { IncomingWebhookController } from './api/incoming-webhook.controller';
import { ReceiveIncomingWebhookHandler } from './commands/receive-incoming-webhook.command';
import { IntegrationsState } from './queries/integrations.state';

/**
 * Incoming-webhook integrations (docs/integrations.md): `POST /api/v1/external/<name>`, each
 * provider's formatter, and register's `realm_incoming_webhook_bots`.
 */
@Module({
  imports: [MessagesModule, UsersModule, RealmModule],
  controllers: [IncomingWebhookController],
  providers: [ReceiveIncomingWebhookHandler, IntegrationsState],
})
export class IntegrationsModule {}
