import type { BotEntry } from '../../store/state';

/** Zulip's bot type of outgoing webhooks. */
export const OUTGOING_WEBHOOK = 3;

/** An outgoing webhook bot's endpoint (its service's `base_url` and `interface`); null for other bots. */
export function outgoingServiceOf(bot: BotEntry): { base_url: string; interface: number } | null {
  if (bot.botType !== OUTGOING_WEBHOOK) return null;
  const service = bot.services.find((entry) => 'base_url' in entry);
  return service !== undefined && 'base_url' in service ? service : null;
}

/** Zulip's outgoing webhook interfaces: 1 its own format, 2 Slack's. */
export const INTERFACE_CHOICES = [
  { value: 1, label: 'Zulip format' },
  { value: 2, label: 'Slack format' },
] as const;
