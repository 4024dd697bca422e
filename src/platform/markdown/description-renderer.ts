/**
 * Zulip's `render_stream_description`: the realm's own texts (channel descriptions, custom
 * profile field values, the realm description) rendered by the one Markdown pipeline that
 * renders messages, with no message: mentions, channel links, emoji and linkifiers resolve
 * in the realm, and no image previews are added. The markdown module provides it
 * (docs/architecture.md, "Messages are rendered once"); channels, profile fields and the
 * realm sit below markdown in the module tree, so they ask for it by this shape.
 */
export abstract class DescriptionRenderer {
  /**
   * The text as HTML. `actingUserId`, when given, limits channel and topic links to what
   * that user may read (Zulip's `acting_user`); without one every channel of the realm
   * links.
   */
  abstract renderDescription(realmId: number, text: string, actingUserId?: number | null): Promise<string>;
}
