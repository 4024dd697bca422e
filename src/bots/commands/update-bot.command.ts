import { WebhookUrlPolicy } from '../../webhooks/delivery/webhook-url-policy';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChannelAccessLoader } from '../../channels/access/channel-access.loader';
import { FullNameChange } from '../../admin/commands/full-name-change';
import { RoleChange } from '../../admin/commands/role-change';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { outgoingServiceWire } from '../../users/public/bot-services';
import { gravatarUrl } from '../../users/public/user-identity';
import { checkConfigSize, checkInterfaceType } from '../../users/public/bot-rules';
import { botNameTaken, checkAdministrableBot, checkRoleChange } from '../../users/public/user-admin-rules';
import { checkFullName } from '../../users/public/user-rules';
import { isGuest } from '../../shared/roles';
import { BotEvent } from '../../users/events/user-events';
import { BotOwnerChange } from '../../users/commands/bot-owner-change';
import { BotServiceWriter } from '../../users/commands/bot-service-writer';
import { BotDirectory } from '../../users/queries/bot-directory';
import { UserRow } from '../../users/public/user-row';
import { UserDirectory } from '../../users/queries/user-directory';
import { Database } from '../../platform/database/database';
import { UserProfileWrites } from '../../users/commands/user-profile.writes';

export interface BotChanges {
  fullName?: string;
  role?: number;
  botOwnerId?: number;
  configData?: Record<string, string>;
  servicePayloadUrl?: string;
  serviceInterface: number;
  /** A channel name; '' clears the default. */
  defaultSendingStream?: string;
  defaultEventsRegisterStream?: string;
  defaultAllPublicStreams?: boolean;
}

export interface UpdatedBot {
  full_name: string;
  avatar_url: string;
  service_interface: number;
  service_payload_url: string | null;
  config_data: Record<string, string> | null;
  default_sending_stream: string | null;
  default_events_register_stream: string | null;
  default_all_public_streams: boolean;
  bot_owner?: string;
}

/** `PATCH /bots/{bot_id}` (Zulip's `patch_bot_backend`): each change in Zulip's order. */
export class UpdateBotCommand {
  constructor(
    readonly actor: { id: number; role: number; realmId: number },
    readonly botId: number,
    readonly changes: BotChanges,
  ) {}
}

@CommandHandler(UpdateBotCommand)
export class UpdateBotHandler implements ICommandHandler<UpdateBotCommand, UpdatedBot> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: UserDirectory,
    private readonly bots: BotDirectory,
    private readonly services: BotServiceWriter,
    private readonly names: FullNameChange,
    private readonly roles: RoleChange,
    private readonly owners: BotOwnerChange,
    private readonly channels: ChannelAccessLoader,
    private readonly webhookUrls: WebhookUrlPolicy,
    private readonly database: Database,
    private readonly profiles: UserProfileWrites,
  ) {}

  async execute(command: UpdateBotCommand): Promise<UpdatedBot> {
    const { actor, changes } = command;
    if (changes.servicePayloadUrl !== undefined) await this.webhookUrls.check('service_payload_url', changes.servicePayloadUrl);
    return this.tx.run(async () => {
      const bot = checkAdministrableBot(actor, await this.users.lockAdministrable(actor.realmId, command.botId));
      if (changes.fullName !== undefined) {
        const fullName = checkFullName(changes.fullName);
        // Web clients send the name even when unchanged: that is no rename.
        if (fullName !== bot.fullName) {
          if (await this.names.nameInUse(actor.realmId, fullName)) throw botNameTaken(fullName, false);
          await this.names.apply(bot, fullName);
        }
      }
      if (changes.role !== undefined && changes.role !== bot.role) {
        checkRoleChange(actor.role, bot, changes.role, Number.POSITIVE_INFINITY);
        await this.roles.apply(actor.realmId, bot.id, bot.role, changes.role);
      }
      if (changes.botOwnerId !== undefined) await this.changeOwner(actor.realmId, bot, changes.botOwnerId);
      if (changes.defaultSendingStream !== undefined) {
        await this.changeDefault(actor, bot, 'default_sending_stream', changes.defaultSendingStream);
      }
      if (changes.defaultEventsRegisterStream !== undefined) {
        await this.changeDefault(actor, bot, 'default_events_register_stream', changes.defaultEventsRegisterStream);
      }
      if (changes.defaultAllPublicStreams !== undefined) {
        await this.profiles.set(bot.id, { defaultAllPublicStreams: changes.defaultAllPublicStreams });
        await this.announce(bot, { default_all_public_streams: changes.defaultAllPublicStreams });
      }
      if (changes.servicePayloadUrl !== undefined) {
        const serviceInterface = checkInterfaceType(changes.serviceInterface);
        const service = await this.services.updateService(bot.id, changes.servicePayloadUrl, serviceInterface);
        if (!service) throw ApiError.badRequest('This bot has no outgoing webhook service');
        await this.announce(bot, { services: [outgoingServiceWire(service)] });
      }
      if (changes.configData !== undefined) {
        const merged = { ...((await this.bots.configs([bot.id])).get(bot.id) ?? {}), ...changes.configData };
        checkConfigSize(merged);
        await this.services.setConfig(bot.id, changes.configData);
        await this.announce(bot, { services: [{ config_data: merged }] });
      }
      return this.answer(bot.id, changes);
    });
  }

  private async changeOwner(realmId: number, bot: UserRow, ownerId: number): Promise<void> {
    const owner = await this.users.findInRealm(realmId, ownerId);
    if (!owner) throw ApiError.badRequest('Failed to change owner, no such user');
    if (!owner.isActive) throw ApiError.badRequest('Failed to change owner, user is deactivated');
    if (owner.isBot) throw ApiError.badRequest("Failed to change owner, bots can't own other bots");
    // Ours, not Zulip's: a guest given a bot would hold its key and the access the bot has.
    if (isGuest(owner.role)) throw ApiError.badRequest('Guests cannot own bots.');
    const current = await this.users.findById(bot.id);
    if (current?.botOwnerId === owner.id) return;
    await this.owners.apply(bot, owner, current?.botOwnerId ?? null);
  }

  private async changeDefault(
    actor: { id: number; realmId: number },
    bot: UserRow,
    field: 'default_sending_stream' | 'default_events_register_stream',
    name: string,
  ): Promise<void> {
    const stream = name === '' ? null : (await this.channels.requireByName(actor, name)).stream;
    const streamId = stream?.id ?? null;
    await this.profiles.set(bot.id, field === 'default_sending_stream' ? { defaultSendingStreamId: streamId } : { defaultEventsRegisterStreamId: streamId });
    await this.announce(bot, { [field]: stream?.name ?? null });
  }

  /** `realm_bot` update, to whoever administers the bot after the change. */
  private async announce(bot: UserRow, fields: Record<string, unknown>): Promise<void> {
    const current = (await this.users.findById(bot.id)) as UserRow;
    this.database.record(new BotEvent(bot.realmId, await this.bots.audience(current), 'update', { user_id: bot.id, ...fields }));
  }

  private async answer(botId: number, changes: BotChanges): Promise<UpdatedBot> {
    const bot = (await this.users.findById(botId)) as UserRow;
    const defaults = (await this.bots.defaults([botId])).get(botId);
    const answer: UpdatedBot = {
      full_name: bot.fullName,
      avatar_url: gravatarUrl(bot.deliveryEmail, bot.avatarVersion),
      service_interface: changes.serviceInterface,
      service_payload_url: changes.servicePayloadUrl ?? null,
      config_data: changes.configData ?? null,
      default_sending_stream: defaults?.sendingStream?.name ?? null,
      default_events_register_stream: defaults?.eventsRegisterStream?.name ?? null,
      default_all_public_streams: bot.defaultAllPublicStreams,
    };
    if (bot.botOwnerId !== null) {
      const owner = await this.users.findById(bot.botOwnerId);
      if (owner) answer.bot_owner = owner.deliveryEmail;
    }
    return answer;
  }
}
