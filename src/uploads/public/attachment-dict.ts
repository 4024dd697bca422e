/**
 * An upload with the messages that link it: what `GET /attachments`, `attachment` events
 * and a message edit's `detached_uploads` show of it.
 */
export interface AttachmentView {
  id: number;
  fileName: string;
  pathId: string;
  size: number;
  createTime: Date;
  /** The linking messages, by message id. */
  messages: readonly { messageId: number; dateSent: Date }[];
}

/** Zulip's `Attachment.to_dict()`. */
export interface AttachmentDict {
  id: number;
  name: string;
  path_id: string;
  size: number;
  create_time: number;
  messages: { id: number; date_sent: number }[];
}

/** Whole seconds, in milliseconds: how Zulip gives an attachment's times. */
const millis = (date: Date) => Math.floor(date.getTime() / 1000) * 1000;

/**
 * Zulip's `Attachment.to_dict()` of an upload. The uploads module's controller and
 * projection give it, and the messages module answers an edit's `detached_uploads` with it.
 */
export function attachmentDict(view: AttachmentView): AttachmentDict {
  return {
    id: view.id,
    name: view.fileName,
    path_id: view.pathId,
    size: view.size,
    create_time: millis(view.createTime),
    messages: view.messages.map((link) => ({ id: link.messageId, date_sent: millis(link.dateSent) })),
  };
}
