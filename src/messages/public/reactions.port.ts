/**
 * The `reaction` read relation, which a loaded message (its reactions), a narrow
 * (`has:reaction`) and topic participants read inside one statement. Reactions sit above
 * messages in the module tree, so messages declares it here and the reactions module binds
 * it (`ReactionsForModulesBelowModule`: docs/architecture.md, "Reading a module above").
 */
export abstract class MessageReactionRelation {
  /** Every reaction, as a table expression named `alias`: at least message_id, user_profile_id and the emoji columns. */
  abstract reaction(alias: string): string;
}
