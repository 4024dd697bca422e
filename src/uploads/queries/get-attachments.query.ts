import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Actor } from '../../shared/actor';
import { AttachmentRepository } from '../persistence/attachment.repository';
import { AttachmentPresenter, AttachmentWire } from '../api/attachment.presenter';
import { Database } from '../../platform/database/database';

/** `GET /attachments`: the user's uploads and the realm's upload space used. */
export class GetAttachmentsQuery {
  constructor(readonly user: Actor) {}
}

@QueryHandler(GetAttachmentsQuery)
export class GetAttachmentsHandler implements IQueryHandler<GetAttachmentsQuery, { attachments: AttachmentWire[]; upload_space_used: number }> {
  constructor(
    private readonly attachments: AttachmentRepository,
    private readonly presenter: AttachmentPresenter,
    private readonly database: Database,
  ) {}

  async execute({ user }: GetAttachmentsQuery): Promise<{ attachments: AttachmentWire[]; upload_space_used: number }> {
    return {
      attachments: await this.presenter.present(await this.attachments.listOwned(user.id)),
      upload_space_used: await this.attachments.usedSpace(user.realmId),
    };
  }
}
