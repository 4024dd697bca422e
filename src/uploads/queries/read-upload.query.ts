import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ServerSettings } from '../../platform/config/settings';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { isGuest } from '../../shared/roles';
import { RealmRef } from '../../shared/realm-ref';
import { Actor } from '../../shared/actor';
import { AttachmentViewer, mayReadAttachment } from '../domain/attachment-access';
import { AttachmentRepository, AttachmentRow } from '../persistence/attachment.repository';
import { Database } from '../../platform/database/database';

/** May this viewer (a user, or nobody) read the upload at `<realm id>/<path>`? */
export class CheckUploadAccessQuery {
  constructor(
    readonly realm: RealmRef,
    readonly user: Actor | null,
    readonly pathId: string,
    /** The reader holds a valid temporary link: the file need only exist in this realm. */
    readonly granted = false,
  ) {}
}

export type UploadAccess = { kind: 'missing' } | { kind: 'forbidden' } | { kind: 'allowed'; attachment: AttachmentRow };

/** Zulip's serve_file: validate_attachment_request for the requester, on the addressed realm. */
@QueryHandler(CheckUploadAccessQuery)
export class CheckUploadAccessHandler implements IQueryHandler<CheckUploadAccessQuery, UploadAccess> {
  constructor(
    private readonly attachments: AttachmentRepository,
    private readonly realms: RealmDirectory,
    private readonly server: ServerSettings,
    private readonly database: Database,
  ) {}

  async execute({ realm, user, pathId, granted }: CheckUploadAccessQuery): Promise<UploadAccess> {
    const facts = await this.attachments.accessFacts(pathId, user?.id ?? null);
    if (granted) return facts && facts.attachment.realmId === realm.id ? { kind: 'allowed', attachment: facts.attachment } : { kind: 'missing' };
    let viewer: AttachmentViewer;
    if (user) {
      viewer = { kind: 'user', id: user.id, realmId: realm.id, isGuest: isGuest(user.role) };
    } else {
      const entity = await this.realms.requireById(realm.id);
      viewer = { kind: 'spectator', realmId: realm.id, spectatorsAllowed: entity.enableSpectatorAccess && this.server.webPublicStreamsEnabled };
    }
    const allowed = mayReadAttachment(viewer, facts);
    if (allowed === null || !facts) return { kind: 'missing' };
    return allowed ? { kind: 'allowed', attachment: facts.attachment } : { kind: 'forbidden' };
  }
}
