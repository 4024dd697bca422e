import { Injectable } from '@nestjs/common';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { isGuest } from '../../shared/roles';
import { potentialAttachmentPathIds } from '../domain/attachment-links';
import { mayReadAttachment } from '../domain/attachment-access';
import { AttachmentChangedEvent } from '../events/attachment-events';
import { AttachmentRepository } from '../persistence/attachment.repository';
import { AttachmentView } from '../public/attachment-dict';
import { AttachmentViews } from '../queries/attachment-views';
import { Database } from '../../platform/database/database';

/** A message whose content may link uploads, as sent (or as it reads after an edit). */
export interface ClaimingMessage {
  id: number;
  realmId: number;
  /** The realm's subdomain: absolute links count only on the realm's own host. */
  realmSubdomain: string;
  /** The message's sender (Zulip claims on the sender's behalf, even on an edit by someone else). */
  sender: { id: number; role: number };
  content: string;
}

/**
 * Links uploads to the messages that mention them (Zulip's do_claim_attachments and
 * check_attachment_reference_change). Call inside the sending or editing transaction.
 */
@Injectable()
export class AttachmentClaims {
  constructor(
    private readonly attachments: AttachmentRepository,
    private readonly views: AttachmentViews,
    private readonly addressing: RealmAddressing,
    private readonly database: Database,
  ) {}

  /**
   * At send: claims every linked upload the sender may read, each with an `attachment`
   * `update` event to the sender. Answers whether anything was claimed.
   */
  async claimForMessage(message: ClaimingMessage): Promise<boolean> {
    return this.claim(message, this.pathIdsIn(message));
  }

  /**
   * At edit, with the new content: unlinks uploads the message no longer mentions and
   * claims new ones. Answers Zulip's `detached_uploads`: the sender's uploads that no
   * message links any more.
   */
  async updateForEdit(message: ClaimingMessage): Promise<AttachmentView[]> {
    const before = new Set(await this.attachments.linkedPathIds(message.id));
    const after = this.pathIdsIn(message);
    const removed = [...before].filter((pathId) => !after.includes(pathId));
    const detached = await this.attachments.unlink(message.id, removed, message.sender.id);
    await this.claim(message, after.filter((pathId) => !before.has(pathId)));
    return this.views.of(detached);
  }

  private pathIdsIn(message: ClaimingMessage): string[] {
    const hosts = [this.addressing.host(message.realmSubdomain), this.addressing.hostName(message.realmSubdomain)];
    return potentialAttachmentPathIds(message.content, hosts);
  }

  private async claim(message: ClaimingMessage, pathIds: readonly string[]): Promise<boolean> {
    let claimed = false;
    const viewer = { kind: 'user' as const, id: message.sender.id, realmId: message.realmId, isGuest: isGuest(message.sender.role) };
    for (const pathId of pathIds) {
      const facts = await this.attachments.accessFacts(pathId, message.sender.id);
      // A link to a missing upload, or to one the sender may not read, claims nothing.
      if (!facts || mayReadAttachment(viewer, facts) !== true) continue;
      // Deleted since (its last message expired, its owner removed it): nothing to claim.
      if (!(await this.attachments.lockForLink(facts.attachment.id))) continue;
      await this.attachments.link(facts.attachment.id, message.id);
      claimed = true;
      const [view] = await this.views.of([facts.attachment]);
      const used = await this.attachments.usedSpace(message.realmId);
      this.database.record(new AttachmentChangedEvent(message.realmId, message.sender.id, 'update', view, used));
    }
    return claimed;
  }
}
