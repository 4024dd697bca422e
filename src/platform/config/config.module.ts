import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { AppConfig } from './app-config';
import {
  CallSettings,
  DatabaseSettings,
  EmailGatewaySettings,
  EventQueueSettings,
  HttpSettings,
  BotSettings,
  InviteSettings,
  LogSettings,
  MailSettings,
  MetricsSettings,
  PasswordSettings,
  RateLimitSettings,
  RedisSettings,
  RetentionSettings,
  ServerSettings,
  StorageSettings,
  WebhookSettings,
  ExternalContentSettings,
  PushSettings,
} from './settings';

/**
 * Makes the configuration read at start-up injectable everywhere, one settings object per
 * concern: a consumer asks for the part it uses (`constructor(settings: RedisSettings)`).
 */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    const parts: { [K in keyof AppConfig]: abstract new () => AppConfig[K] } = {
      server: ServerSettings,
      log: LogSettings,
      http: HttpSettings,
      metrics: MetricsSettings,
      storage: StorageSettings,
      database: DatabaseSettings,
      redis: RedisSettings,
      eventQueues: EventQueueSettings,
      webhooks: WebhookSettings,
      rateLimits: RateLimitSettings,
      passwords: PasswordSettings,
      mail: MailSettings,
      retention: RetentionSettings,
      calls: CallSettings,
      emailGateway: EmailGatewaySettings,
      invites: InviteSettings,
      bots: BotSettings,
      externalContent: ExternalContentSettings,
      push: PushSettings,
    };
    const providers: Provider[] = Object.entries(parts).map(([key, token]) => ({
      provide: token,
      useValue: config[key as keyof AppConfig],
    }));
    return { module: ConfigModule, providers, exports: Object.values(parts) };
  }
}
