import { Injectable } from '@nestjs/common';
import { BotRepository, BotService } from '../persistence/bot.repository';

/**
 * The writes of a bot's service and configuration (Zulip's `Service` and `BotConfigData`),
 * for the `bots` commands that create and reconfigure bots: they run inside the calling
 * command's transaction. The tables stay with the bot accounts in `users`, whose
 * `BotDirectory` presents them in `realm_bots` and `realm_bot` events.
 */
@Injectable()
export class BotServiceWriter {
  constructor(private readonly bots: BotRepository) {}

  addService(botId: number, service: BotService): Promise<void> {
    return this.bots.addService(botId, service);
  }

  /** The new address and format of the bot's service; null when it has none. */
  updateService(botId: number, baseUrl: string, serviceInterface: number): Promise<BotService | null> {
    return this.bots.updateService(botId, baseUrl, serviceInterface);
  }

  /** Sets the given keys of the bot's configuration; other keys keep their values. */
  setConfig(botId: number, config: Record<string, string>): Promise<void> {
    return this.bots.setConfig(botId, config);
  }
}
