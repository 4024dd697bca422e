import { Injectable } from '@nestjs/common';
import { BotEvent, UserUpdatedEvent } from '../../users/events/user-events';
import { BotDirectory } from '../../users/queries/bot-directory';
import { UserRow } from '../../users/public/user-row';
import { UserAccess } from '../../users/access/user-access';
import { Database } from '../../platform/database/database';
import { UserProfileWrites } from '../../users/commands/user-profile.writes';
import { UserDirectory } from '../../users/queries/user-directory';

/** Zulip's `do_change_full_name`: whoever can see the user sees the name; a bot's administrators too. */
@Injectable()
export class FullNameChange {
  constructor(
    private readonly access: UserAccess,
    private readonly bots: BotDirectory,
    private readonly database: Database,
    private readonly profiles: UserProfileWrites,
    private readonly users: UserDirectory,
  ) {}

  async apply(target: UserRow, fullName: string): Promise<void> {
    await this.profiles.set(target.id, { fullName });
    this.database.record(new UserUpdatedEvent(target.realmId, await this.access.audienceOf(target), { userId: target.id, fullName }));
    if (target.isBot) {
      const audience = await this.bots.audience(target);
      this.database.record(new BotEvent(target.realmId, audience, 'update', { user_id: target.id, full_name: fullName }));
    }
  }

  /** Zulip's `check_bot_name_available` for a new or renamed bot. */
  nameInUse(realmId: number, fullName: string): Promise<boolean> {
    return this.users.activeNameTaken(realmId, fullName.trim());
  }
}
