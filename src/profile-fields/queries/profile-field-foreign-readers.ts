import { Injectable } from '@nestjs/common';
import { ReaderSlot } from '../../platform/modules/reader-slot';

/** What the profile-fields module reads of users, from the users module's `UserDirectory`. */
export interface ProfileFieldUserReader {
  /** The realm's users among `ids`. */
  findByIds(realmId: number, ids: readonly number[]): Promise<{ id: number; isActive: boolean; isBot: boolean }[]>;
  /** The realm's active users, by id: Zulip's `active_user_ids`, who hears of field and value changes. */
  allActiveUserIds(realmId: number): Promise<number[]>;
}

/** The users module's reader for profile fields (users sit above them, and so cannot be imported); users fills it at start-up. */
@Injectable()
export class ProfileFieldUsers extends ReaderSlot<ProfileFieldUserReader> {
  protected readonly description = 'the users reader of the profile-fields module';
}
