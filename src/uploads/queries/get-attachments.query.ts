import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { poolQueryable } from '../../platform/database/unit-of-work';
import { RequestUser } from '../../wire/request-context';
import { AttachmentRepository, AttachmentWire } from '../persistence/attachment.repository';

/** `GET /attachments`: the user's uploads and the realm's upload space used. */
export class GetAttachmentsQuery {
  constructor(readonly user: RequestUser) {}
}

@QueryHandler(GetAttachmentsQuery)
export class GetAttachmentsHandler implements IQueryHandler<GetAttachmentsQuery, { attachments: AttachmentWire[]; upload_space_used: number }> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly attachments: AttachmentRepository,
  ) {}

  async execute({ user }: GetAttachmentsQuery): Promise<{ attachments: AttachmentWire[]; upload_space_used: number }> {
    const db = poolQueryable(this.dataSource);
    return {
      attachments: await this.attachments.listOwned(db, user.id),
      upload_space_used: await this.attachments.usedSpace(db, user.realmId),
    };
  }
}
