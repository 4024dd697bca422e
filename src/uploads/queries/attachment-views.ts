import { Injectable } from '@nestjs/common';
import { AttachmentView } from '../public/attachment-dict';
import { AttachmentRepository, AttachmentRow } from '../persistence/attachment.repository';

/** Uploads with the messages that link them, read beside them in one query. */
@Injectable()
export class AttachmentViews {
  constructor(private readonly attachments: AttachmentRepository) {}

  async of(attachments: readonly AttachmentRow[]): Promise<AttachmentView[]> {
    const links = await this.attachments.links(attachments.map((attachment) => attachment.id));
    const byAttachment = new Map<number, { messageId: number; dateSent: Date }[]>();
    for (const link of links) {
      let list = byAttachment.get(link.attachmentId);
      if (!list) byAttachment.set(link.attachmentId, (list = []));
      list.push({ messageId: link.messageId, dateSent: link.dateSent });
    }
    return attachments.map((attachment) => ({
      id: attachment.id,
      fileName: attachment.fileName,
      pathId: attachment.pathId,
      size: attachment.size,
      createTime: attachment.createTime,
      messages: byAttachment.get(attachment.id) ?? [],
    }));
  }
}
