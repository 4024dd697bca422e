import { AttachmentView } from '../public/attachment-dict';

/**
 * An upload was added, claimed by a message (update) or deleted (remove): Zulip's
 * notify_attachment_update, to one user, with the realm's upload space after the change.
 */
export class AttachmentChangedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly op: 'add' | 'update' | 'remove',
    readonly attachment: AttachmentView | { id: number },
    readonly uploadSpaceUsed: number,
  ) {}
}
