/**
 * What the profile-fields module reads of users. Users sit above profile fields in the
 * module tree, so profile fields declare it here and the users module binds it
 * (`UsersForModulesBelowModule`: docs/architecture.md, "Reading a module above").
 */
export abstract class ProfileFieldUserReader {
  /** The realm's users among `ids`. */
  abstract findByIds(realmId: number, ids: readonly number[]): Promise<{ id: number; isActive: boolean; isBot: boolean }[]>;
  /** The realm's active users, by id: Zulip's `active_user_ids`, who hears of field and value changes. */
  abstract allActiveUserIds(realmId: number): Promise<number[]>;
}
