import { Injectable } from '@nestjs/common';
import { isAdministrator } from '../../shared/roles';
import { BotAddedEvent, BotEvent, UserUpdatedEvent } from '../events/user-events';
import { BotDirectory } from '../queries/bot-directory';
import { BotRepository } from '../persistence/bot.repository';
import { UserRepository } from '../persistence/user.repository';
import { UserProfileStore } from '../persistence/user-profile.store';
import { Database } from '../../platform/database/database';

/**
 * Zulip's `do_change_bot_owner` with `send_bot_owner_update_events`: a previous owner who
 * is no administrator loses the bot (`delete`), a new one gains it (`add`), the other
 * administrators see the new owner (`update`), and the realm sees `bot_owner_id` change.
 */
@Injectable()
export class BotOwnerChange {
  constructor(
    private readonly bots: BotRepository,
    private readonly directory: BotDirectory,
    private readonly users: UserRepository,
    private readonly database: Database,
    private readonly profiles: UserProfileStore,
  ) {}

  async apply(bot: { id: number; realmId: number }, newOwner: { id: number; role: number }, previousOwnerId: number | null): Promise<void> {
    await this.profiles.set(bot.id, { botOwnerId: newOwner.id });
    let updateAudience = await this.bots.audience({ id: bot.id, realmId: bot.realmId, botOwnerId: newOwner.id });
    const previous = previousOwnerId === null ? null : await this.users.findById(previousOwnerId);
    if (previous && !isAdministrator(previous.role)) {
      this.database.record(new BotEvent(bot.realmId, [previous.id], 'delete', { user_id: bot.id }));
      updateAudience = updateAudience.filter((id) => id !== previous.id);
    }
    if (!isAdministrator(newOwner.role)) {
      this.database.record(new BotAddedEvent(bot.realmId, [newOwner.id], await this.directory.profile(bot.id)));
      updateAudience = updateAudience.filter((id) => id !== newOwner.id);
    }
    this.database.record(new BotEvent(bot.realmId, updateAudience, 'update', { user_id: bot.id, owner_id: newOwner.id }));
    const everyone = (await this.users.activeUserRoles(bot.realmId)).map((user) => user.id);
    this.database.record(new UserUpdatedEvent(bot.realmId, everyone, { userId: bot.id, botOwnerId: newOwner.id }));
  }
}
