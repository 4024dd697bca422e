/**
 * Zulip's `render_stream_description`: the realm's own texts (channel descriptions, custom
 * profile field values, the realm description) rendered by the one Markdown pipeline that
 * renders messages, with no message: mentions, channel links, emoji and linkifiers resolve
 * in the realm, and no image previews are added (docs/architecture.md, "Messages are
 * rendered once"). Channels, profile fields and the realm sit below markdown in the module
 * tree: realm, the lowest of them, declares it here for all three, and the markdown module
 * binds it (`MarkdownForModulesBelowModule`: docs/architecture.md, "Reading a module above").
 */
export abstract class DescriptionRenderer {
  /**
   * The text as HTML. `actingUserId`, when given, limits channel and topic links to what
   * that user may read (Zulip's `acting_user`); without one every channel of the realm
   * links.
   */
  abstract renderDescription(realmId: number, text: string, actingUserId?: number | null): Promise<string>;
}
