/**
 * The messages module's read relation a channel listing counts in (its weekly traffic).
 * Messages sits above channels in the module tree, so channels declares here what it
 * needs and messages binds it (`MessagesForModulesBelowModule`: docs/architecture.md,
 * "Reading a module above"); the owner still writes every way its table is read.
 */
export abstract class ChannelMessageRelations {
  /** Every message, as a table expression named `alias`: at least recipient_id, date_sent. */
  abstract message(alias: string): string;
}
