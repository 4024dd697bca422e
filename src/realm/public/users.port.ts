/**
 * What the realm module reads of users. Users sit above realm in the module tree, so realm
 * declares it here and the users module binds it (`UsersForModulesBelowModule`:
 * docs/architecture.md, "Reading a module above").
 */
export abstract class RealmUserReader {
  /** The realm's active users, by id: who hears of a change to the realm's settings. */
  abstract allActiveUserIds(realmId: number): Promise<number[]>;
}
