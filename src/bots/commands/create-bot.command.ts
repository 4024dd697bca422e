import { WebhookUrlPolicy } from '../../webhooks/delivery/webhook-url-policy';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChannelAccessLoader } from '../../channels/access/channel-access.loader';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { UserCreation } from '../../admin/commands/user-creation';
import { FullNameChange } from '../../admin/commands/full-name-change';
import { botEmail, checkBotType, checkConfigSize, checkInterfaceType, EMBEDDED_BOT_NAMES, ServiceInterface } from '../../users/public/bot-rules';
import { generateApiKey } from '../../users/public/credentials';
import { BotType, Role } from '../../shared/roles';
import { botNameTaken } from '../../users/public/user-admin-rules';
import { checkFullName } from '../../users/public/user-rules';
import { BotAddedEvent } from '../../users/events/user-events';
import { BotCreationPolicy } from '../../users/access/bot-creation-policy';
import { BotDirectory } from '../../users/queries/bot-directory';
import { BotServiceWriter } from '../../users/commands/bot-service-writer';
import { UserDirectory } from '../../users/queries/user-directory';
import { gravatarUrl } from '../../users/public/user-identity';
import { Database } from '../../platform/database/database';

export interface NewBot {
  fullName: string;
  shortName: string;
  botType: number;
  /** Outgoing webhooks: where messages are posted ('' until set). */
  payloadUrl: string;
  interfaceType: number;
  serviceName: string | null;
  configData: Record<string, string>;
  defaultSendingStream: string | null;
  defaultEventsRegisterStream: string | null;
  defaultAllPublicStreams: boolean | null;
}

export interface CreatedBot {
  user_id: number;
  api_key: string;
  avatar_url: string;
  default_sending_stream: string | null;
  default_events_register_stream: string | null;
  default_all_public_streams: boolean;
}

/**
 * `POST /bots` (Zulip's `add_bot_backend`): a bot owned by its creator, with the address
 * `<short_name>-bot@<realm host>`, its service and configuration. Reusable wherever a bot
 * is needed: it is the one way bots come to exist.
 */
export class CreateBotCommand {
  constructor(
    readonly actor: { id: number; role: number; realmId: number },
    readonly bot: NewBot,
  ) {}
}

@CommandHandler(CreateBotCommand)
export class CreateBotHandler implements ICommandHandler<CreateBotCommand, CreatedBot> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly users: UserDirectory,
    private readonly directory: BotDirectory,
    private readonly services: BotServiceWriter,
    private readonly creation: UserCreation,
    private readonly names: FullNameChange,
    private readonly policy: BotCreationPolicy,
    private readonly channels: ChannelAccessLoader,
    private readonly webhookUrls: WebhookUrlPolicy,
    private readonly database: Database,
  ) {}

  async execute(command: CreateBotCommand): Promise<CreatedBot> {
    const { actor, bot } = command;
    const realm = await this.realms.requireById(actor.realmId);
    const { shortName, email } = botEmail(bot.shortName, this.addressing.hostName(realm.stringId));
    const serviceName = bot.botType !== BotType.IncomingWebhook ? bot.serviceName || shortName : bot.serviceName;
    const fullName = checkFullName(bot.fullName);
    if (bot.botType === BotType.Embedded && !EMBEDDED_BOT_NAMES.includes(serviceName ?? '')) {
      throw ApiError.badRequest('Invalid embedded bot name.');
    }
    if (bot.botType === BotType.OutgoingWebhook && bot.payloadUrl !== '') await this.webhookUrls.check('payload_url', bot.payloadUrl);
    const checked = await this.creation.check({
      email, fullName, role: Role.Member, password: null, isBot: true, botType: bot.botType, botOwnerId: actor.id,
    });
    return this.tx.run(async () => {
      if (await this.users.findByDeliveryEmail(actor.realmId, email)) throw ApiError.badRequest('Username already in use');
      if (await this.names.nameInUse(actor.realmId, fullName)) throw botNameTaken(fullName, false);
      await this.policy.check(actor, bot.botType);
      checkBotType(bot.botType);
      checkInterfaceType(bot.interfaceType);
      const sending = await this.channel(actor, bot.defaultSendingStream);
      const events = await this.channel(actor, bot.defaultEventsRegisterStream);
      // No incoming-webhook integrations are installed here, so none can be named.
      if (bot.botType === BotType.IncomingWebhook && serviceName) {
        throw ApiError.badRequest(`Invalid integration '${serviceName}'.`);
      }
      const created = await this.creation.insert(realm, {
        ...checked,
        defaultSendingStreamId: sending,
        defaultEventsRegisterStreamId: events,
        defaultAllPublicStreams: bot.defaultAllPublicStreams ?? false,
      });
      if (bot.botType === BotType.OutgoingWebhook || bot.botType === BotType.Embedded) {
        await this.services.addService(created.id, {
          name: serviceName ?? shortName,
          baseUrl: bot.payloadUrl,
          interface: bot.interfaceType as ServiceInterface,
          token: generateApiKey(),
        });
      }
      if (bot.botType === BotType.IncomingWebhook || bot.botType === BotType.Embedded) {
        checkConfigSize(bot.configData);
        await this.services.setConfig(created.id, bot.configData);
      }
      const profile = await this.directory.profile(created.id);
      this.database.record(new BotAddedEvent(actor.realmId, await this.directory.audience(created), profile));
      return {
        user_id: created.id,
        api_key: created.apiKey,
        avatar_url: gravatarUrl(created.deliveryEmail, created.avatarVersion),
        default_sending_stream: profile.defaults?.sendingStream?.name ?? null,
        default_events_register_stream: profile.defaults?.eventsRegisterStream?.name ?? null,
        default_all_public_streams: profile.bot.defaultAllPublicStreams,
      };
    });
  }

  /** Zulip's `access_stream_by_name`: a channel the creator may read. */
  private async channel(actor: { id: number; realmId: number }, name: string | null): Promise<number | null> {
    if (name === null) return null;
    return (await this.channels.requireByName(actor, name)).stream.id;
  }
}
