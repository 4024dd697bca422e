import { BotServiceWire, botServicesWire } from '../public/bot-services';
import { BotProfile } from '../queries/bot-directory';
import { gravatarUrl } from '../public/user-identity';

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

/**
 * A bot as its administrators see it. `ownerKey` 'when-set' leaves `owner_id` out for a
 * bot without an owner, as Zulip's `created_bot_event` does.
 */
export function presentBot({ bot, defaults, service, config }: BotProfile, ownerKey: 'always' | 'when-set'): BotWire {
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
    services: botServicesWire(bot.botType, service, config),
  };
  // Zulip's `created_bot_event` names the owner only when there is one.
  if (ownerKey === 'always' || bot.botOwnerId !== null) wire.owner_id = bot.botOwnerId;
  return wire;
}
