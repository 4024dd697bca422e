import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Actor } from '../../shared/actor';
import { AttachmentRepository } from '../persistence/attachment.repository';
import { AttachmentView } from '../public/attachment-dict';
import { AttachmentViews } from './attachment-views';
import { Database } from '../../platform/database/database';

/** `GET /attachments`: the user's uploads and the realm's upload space used. */
export class GetAttachmentsQuery {
  constructor(readonly user: Actor) {}
}

/** The user's uploads and the realm's upload space used, in bytes. */
export interface OwnAttachments {
  attachments: AttachmentView[];
  uploadSpaceUsed: number;
}

@QueryHandler(GetAttachmentsQuery)
export class GetAttachmentsHandler implements IQueryHandler<GetAttachmentsQuery, OwnAttachments> {
  constructor(
    private readonly attachments: AttachmentRepository,
    private readonly views: AttachmentViews,
    private readonly database: Database,
  ) {}

  async execute({ user }: GetAttachmentsQuery): Promise<OwnAttachments> {
    return {
      attachments: await this.views.of(await this.attachments.listOwned(user.id)),
      uploadSpaceUsed: await this.attachments.usedSpace(user.realmId),
    };
  }
}
