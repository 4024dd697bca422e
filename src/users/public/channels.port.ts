/**
 * What the users module's statements join of channels: read relations of the channels
 * module. Channels sit above users in the module tree, so users declares them here and
 * the channels module binds them (`ChannelsForModulesBelowModule`: docs/architecture.md,
 * "Reading a module above").
 */
export abstract class UserChannelRelations {
  /** Every channel (`streamRelation` of the channels' read relations), as the relation named `alias`. */
  abstract streamRelation(alias: string): string;
  /** Every subscription (`subscriptionRelation`), as the relation named `alias`. */
  abstract subscriptionRelation(alias: string): string;
}
