import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { DeactivateUserCommand } from '../../admin/commands/deactivate-user.command';
import { RegenerateApiKeyCommand } from '../../admin/commands/regenerate-api-key.command';
import { requireMemberOrAdmin } from '../../shared/authorization';
import { checkConfigData, checkUrl } from '../../users/public/bot-rules';
import { BotType } from '../../shared/roles';
import { checkRole } from '../../users/public/user-admin-rules';
import { Authorize } from '../../wire/authorize.guard';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { CreateBotCommand, CreatedBot } from '../commands/create-bot.command';
import { UpdateBotCommand, UpdatedBot } from '../commands/update-bot.command';
import { GetOwnBotsQuery, OwnBotWire } from '../queries/get-bots.query';

class CreateBotParams {
  @WireParam('string') full_name!: string;
  @WireParam('string') short_name!: string;
  @WireParam('int', { default: BotType.Generic }) bot_type!: number;
  @WireParam('json', { optional: true }) payload_url?: unknown;
  @WireParam('string', { optional: true }) service_name?: string;
  @WireParam('json', { optional: true }) config_data?: unknown;
  @WireParam('int', { default: 1 }) interface_type!: number;
  @WireParam('string', { optional: true }) default_sending_stream?: string;
  @WireParam('string', { optional: true }) default_events_register_stream?: string;
  @WireParam('bool', { optional: true }) default_all_public_streams?: boolean;
}

class BotIdParams {
  @WireParam('int', { path: true }) bot_id!: number;
}

class UpdateBotParams extends BotIdParams {
  @WireParam('string', { optional: true }) full_name?: string;
  @WireParam('int', { optional: true }) role?: number;
  @WireParam('int', { optional: true }) bot_owner_id?: number;
  @WireParam('json', { optional: true }) config_data?: unknown;
  @WireParam('json', { optional: true }) service_payload_url?: unknown;
  @WireParam('int', { default: 1 }) service_interface!: number;
  @WireParam('string', { optional: true }) default_sending_stream?: string;
  @WireParam('string', { optional: true }) default_events_register_stream?: string;
  @WireParam('bool', { optional: true }) default_all_public_streams?: boolean;
}

@Controller('api/v1')
export class BotsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('bots')
  @Authorize(requireMemberOrAdmin)
  create(@CurrentUser() user: Actor, @Params(CreateBotParams) p: CreateBotParams): Promise<CreatedBot> {
    return this.commandBus.execute(
      new CreateBotCommand(user, {
        fullName: p.full_name,
        shortName: p.short_name,
        botType: p.bot_type,
        payloadUrl: p.payload_url === undefined ? '' : checkUrl('payload_url', p.payload_url),
        interfaceType: p.interface_type,
        serviceName: p.service_name ?? null,
        configData: p.config_data === undefined ? {} : checkConfigData(p.config_data),
        defaultSendingStream: p.default_sending_stream ?? null,
        defaultEventsRegisterStream: p.default_events_register_stream ?? null,
        defaultAllPublicStreams: p.default_all_public_streams ?? null,
      }),
    );
  }

  @Get('bots')
  @Authorize(requireMemberOrAdmin)
  async list(@CurrentUser() user: Actor): Promise<{ bots: OwnBotWire[] }> {
    return { bots: await this.queryBus.execute<GetOwnBotsQuery, OwnBotWire[]>(new GetOwnBotsQuery(user)) };
  }

  @Patch('bots/:bot_id')
  @Authorize(requireMemberOrAdmin)
  update(@CurrentUser() user: Actor, @Params(UpdateBotParams) p: UpdateBotParams): Promise<UpdatedBot> {
    return this.commandBus.execute(
      new UpdateBotCommand(user, p.bot_id, {
        fullName: p.full_name,
        role: p.role === undefined ? undefined : checkRole(p.role),
        botOwnerId: p.bot_owner_id,
        configData: p.config_data === undefined ? undefined : checkConfigData(p.config_data),
        servicePayloadUrl: p.service_payload_url === undefined ? undefined : checkUrl('service_payload_url', p.service_payload_url),
        serviceInterface: p.service_interface,
        defaultSendingStream: p.default_sending_stream,
        defaultEventsRegisterStream: p.default_events_register_stream,
        defaultAllPublicStreams: p.default_all_public_streams,
      }),
    );
  }

  @Delete('bots/:bot_id')
  async deactivate(@CurrentUser() user: Actor, @Params(BotIdParams) p: BotIdParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new DeactivateUserCommand(user.realmId, p.bot_id, { kind: 'bot', actor: user }));
    return {};
  }

  @Post('bots/:bot_id/api_key/regenerate')
  @Authorize(requireMemberOrAdmin)
  regenerateKey(@CurrentUser() user: Actor, @Params(BotIdParams) p: BotIdParams): Promise<{ api_key: string }> {
    return this.commandBus.execute(new RegenerateApiKeyCommand(user, p.bot_id));
  }
}
