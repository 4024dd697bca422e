import { Injectable } from '@nestjs/common';
import { AttachmentRepository, AttachmentRow } from '../persistence/attachment.repository';

/** An attachment as `GET /attachments` and `attachment` events show it. */
export interface AttachmentWire {
  id: number;
  name: string;
  path_id: string;
  size: number;
  create_time: number;
  messages: { id: number; date_sent: number }[];
}

/** Whole seconds, in milliseconds: how Zulip gives an attachment's times. */
const millis = (date: Date) => Math.floor(date.getTime() / 1000) * 1000;

/** Uploads in their wire form, each with the messages that link it (read beside them). */
@Injectable()
export class AttachmentPresenter {
  constructor(private readonly attachments: AttachmentRepository) {}

  async present(attachments: readonly AttachmentRow[]): Promise<AttachmentWire[]> {
    const links = await this.attachments.links(attachments.map((attachment) => attachment.id));
    return attachments.map((attachment) => ({
      id: attachment.id,
      name: attachment.fileName,
      path_id: attachment.pathId,
      size: attachment.size,
      create_time: millis(attachment.createTime),
      messages: links
        .filter((link) => link.attachmentId === attachment.id)
        .map((link) => ({ id: link.messageId, date_sent: millis(link.dateSent) })),
    }));
  }
}
