import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { ApiKeyRegeneratedEvent, BotEvent } from '../../users/events/user-events';
import { generateApiKey } from '../../users/public/credentials';
import { BotDirectory } from '../../users/queries/bot-directory';
import { UserProfileWrites } from '../../users/commands/user-profile.writes';

/**
 * Gives a user or bot a new API key in the caller's transaction, with the events that say
 * so: the old key stops working at once in every process (ApiKeyRegeneratedEvent empties
 * the auth caches), and a bot's audience learns the new key. Used by the key regeneration
 * routes and by a demoted owner's bots changing hands.
 */
@Injectable()
export class ApiKeyRenewal {
  constructor(
    private readonly database: Database,
    private readonly bots: BotDirectory,
    private readonly profiles: UserProfileWrites,
  ) {}

  async renew(target: { id: number; realmId: number; isBot: boolean; botOwnerId: number | null }): Promise<string> {
    const apiKey = generateApiKey();
    await this.profiles.set(target.id, { apiKey });
    this.database.record(new ApiKeyRegeneratedEvent(target.realmId, target.id));
    if (target.isBot) {
      const audience = await this.bots.audience(target);
      this.database.record(new BotEvent(target.realmId, audience, 'update', { user_id: target.id, api_key: apiKey }));
    }
    return apiKey;
  }
}
