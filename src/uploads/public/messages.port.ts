/**
 * The messages module's read relations uploads' statements join: an upload's messages and
 * who received them. Messages sits above uploads in the module tree (a send links the
 * uploads it mentions), so uploads declares here what it needs and messages binds it
 * (`MessagesForModulesBelowModule`: docs/architecture.md, "Reading a module above"); the
 * owner still writes every way its tables are read.
 */
export abstract class UploadMessageRelations {
  /** Every message, as a table expression named `alias`: at least id, recipient_id, date_sent. */
  abstract message(alias: string): string;
  /** Every user's message row, as a table expression named `alias`: at least user_profile_id, message_id. */
  abstract userMessage(alias: string): string;
}
