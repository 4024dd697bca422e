/**
 * The `submessage` read relation, which a loaded message (its submessages) reads inside
 * one statement. Submessages sit above messages in the module tree, so messages declares it
 * here and the submessages module binds it (`SubmessagesForModulesBelowModule`:
 * docs/architecture.md, "Reading a module above").
 */
export abstract class MessageSubmessageRelation {
  /** Every submessage, as a table expression named `alias`: at least id, message_id, sender_id, msg_type, content. */
  abstract submessage(alias: string): string;
}
