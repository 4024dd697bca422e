import { BotType } from '../../shared/roles';
import type { BotService } from '../persistence/bot.repository';

/** One entry of a bot's `services`: unstable in Zulip, used by bot administration UIs. */
export type BotServiceWire =
  | { base_url: string; interface: number; token: string }
  | { config_data: Record<string, string>; service_name: string };

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
