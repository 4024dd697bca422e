import { BotType } from '../../shared/roles';
import { BotDefaults, BotService } from '../persistence/bot.repository';
import { UserRow } from '../public/user-row';
import { gravatarUrl } from '../public/user-identity';

/** One entry of a bot's `services`: unstable in Zulip, used by bot administration UIs. */
export type BotServiceWire =
  | { base_url: string; interface: number; token: string }
  | { config_data: Record<string, string>; service_name: string };

/** Zulip's `Bot` object (`realm_bots`, `realm_bot` add). */
export interface BotWire {
  email: string;
  user_id: number;
  full_name: string;
  bot_type: number | null;
  is_active: boolean;
  api_key: string;
  default_sending_stream: string | null;
  default_events_register_stream: string | null;
  default_all_public_streams: boolean;
  avatar_url: string;
  owner_id?: number | null;
  services: BotServiceWire[];
}

export function outgoingServiceWire(service: BotService): BotServiceWire {
  return { base_url: service.baseUrl, interface: service.interface, token: service.token };
}

/**
 * `get_service_dicts_for_bot`: an outgoing webhook's address, format and token; an
 * embedded bot's configuration (none until it has one).
 */
export function botServicesWire(
  botType: number | null,
  service: BotService | null,
  config: Record<string, string> | undefined,
): BotServiceWire[] {
  if (botType === BotType.OutgoingWebhook && service) return [outgoingServiceWire(service)];
  if (botType === BotType.Embedded && service && config && Object.keys(config).length > 0) {
    return [{ config_data: config, service_name: service.name }];
  }
  return [];
}

export function presentBot(
  bot: UserRow,
  defaults: BotDefaults | undefined,
  services: BotServiceWire[],
  options: { ownerKey: 'always' | 'when-set' },
): BotWire {
  const wire: BotWire = {
    email: bot.deliveryEmail,
    user_id: bot.id,
    full_name: bot.fullName,
    bot_type: bot.botType,
    is_active: bot.isActive,
    api_key: bot.apiKey,
    default_sending_stream: defaults?.sendingStream?.name ?? null,
    default_events_register_stream: defaults?.eventsRegisterStream?.name ?? null,
    default_all_public_streams: bot.defaultAllPublicStreams,
    avatar_url: gravatarUrl(bot.deliveryEmail, bot.avatarVersion),
    services,
  };
  // Zulip's `created_bot_event` names the owner only when there is one.
  if (options.ownerKey === 'always' || bot.botOwnerId !== null) wire.owner_id = bot.botOwnerId;
  return wire;
}
