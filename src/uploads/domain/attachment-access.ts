import { AttachmentAccessFacts } from '../persistence/attachment.repository';

/** Who is asking: a user of some realm (and whether a guest), or nobody (a spectator). */
export type AttachmentViewer = { kind: 'user'; id: number; realmId: number; isGuest: boolean } | { kind: 'spectator'; realmId: number; spectatorsAllowed: boolean };

/**
 * Zulip's validate_attachment_request: null when there is no such upload (for this realm),
 * true when the viewer may read it, false when not. Owners always may; anyone but a guest
 * when a public channel's message links it; whoever received a linking message; a
 * subscriber of a channel with shared history that a linking message was sent to.
 * Spectators only for uploads linked from web-public channels.
 */
export function mayReadAttachment(viewer: AttachmentViewer, facts: AttachmentAccessFacts | null): boolean | null {
  if (!facts || facts.attachment.realmId !== viewer.realmId) return null;
  if (viewer.kind === 'spectator') return viewer.spectatorsAllowed && facts.webPublic;
  if (facts.attachment.ownerId === viewer.id) return true;
  if (facts.realmPublic && !viewer.isGuest) return true;
  return facts.received || facts.subscribedWithHistory;
}
