/**
 * What the realm module reads of channels. Channels sit above realm in the module tree, so
 * realm declares it here and the channels module binds it (`ChannelsForModulesBelowModule`:
 * docs/architecture.md, "Reading a module above").
 */
export abstract class RealmChannelReader {
  /** The realm's channel of that id, or null. */
  abstract findById(realmId: number, id: number): Promise<{ deactivated: boolean } | null>;
}
