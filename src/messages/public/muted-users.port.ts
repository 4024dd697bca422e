/**
 * The `muted_user` read relation, which a send reads inside its one statement (who muted
 * the sender). Muted users sit above messages in the module tree, so messages declares it
 * here and the muted-users module binds it (`MutedUsersForModulesBelowModule`:
 * docs/architecture.md, "Reading a module above").
 */
export abstract class MessageMutedUserRelation {
  /** Every mute, as a table expression named `alias`: at least user_profile_id, muted_user_id. */
  abstract mutedUser(alias: string): string;
}
