/**
 * The messages module's rewrite of stored message HTML, for uploads' thumbnailer: when an
 * image's thumbnails are made, the messages linking it swap their spinner for the thumbnail
 * (Zulip's update_message_rendered_content). Messages sits above uploads in the module tree,
 * so uploads declares here what it needs and messages provides it.
 */
export abstract class MessageRenderingRewrites {
  /**
   * Inside the caller's transaction: locks each message, rewrites its rendered content with
   * `rewrite` (null: unchanged), stores it, and tells everyone who has the message with
   * Zulip's rendering-only `update_message` event.
   */
  abstract rewrite(messageIds: readonly number[], rewrite: (html: string) => string | null): Promise<void>;
}
