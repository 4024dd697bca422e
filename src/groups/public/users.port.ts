/**
 * What the groups module reads of users. Users sit above groups in the module tree, so
 * groups declares it here and the users module binds it (`UsersForModulesBelowModule`:
 * docs/architecture.md, "Reading a module above").
 */
export abstract class GroupsUserReader {
  /** The realm's user, or null when the realm has none of that id. */
  abstract findInRealm(realmId: number, id: number): Promise<{ isActive: boolean; isBot: boolean } | null>;
  /** Which of the users are active users of the realm. */
  abstract activeIdsAmong(realmId: number, ids: readonly number[]): Promise<number[]>;
  /** The realm's active users, by id: everyone `user_group` events go to. */
  abstract allActiveUserIds(realmId: number): Promise<number[]>;
}

/** What the groups module's statements join of users: a read relation of the users module, bound the same way. */
export abstract class GroupsUserRelations {
  /** Every user (`userProfileRelation` of the users' read relations: `id`, `is_active`...), as the relation named `alias`. */
  abstract userProfileRelation(alias: string): string;
}
