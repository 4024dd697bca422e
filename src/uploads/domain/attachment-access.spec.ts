import { AttachmentAccessFacts } from '../persistence/attachment.repository';
import { mayReadAttachment } from './attachment-access';

const facts = (overrides: Partial<AttachmentAccessFacts> = {}): AttachmentAccessFacts => ({
  attachment: { id: 1, realmId: 7, ownerId: 10, fileName: 'a.txt', pathId: '7/ab/x/a.txt', contentType: 'text/plain', size: 3, createTime: new Date() },
  realmPublic: false,
  webPublic: false,
  received: false,
  subscribedWithHistory: false,
  ...overrides,
});
const user = (id: number, isGuest = false, realmId = 7) => ({ kind: 'user' as const, id, realmId, isGuest });

describe('mayReadAttachment', () => {
  it('is null for a missing upload or another realm', () => {
    expect(mayReadAttachment(user(10), null)).toBeNull();
    expect(mayReadAttachment(user(10, false, 8), facts())).toBeNull();
  });
  it('lets the owner read an unclaimed upload, nobody else', () => {
    expect(mayReadAttachment(user(10), facts())).toBe(true);
    expect(mayReadAttachment(user(11), facts())).toBe(false);
  });
  it('lets members but not guests read uploads of public channels', () => {
    expect(mayReadAttachment(user(11), facts({ realmPublic: true }))).toBe(true);
    expect(mayReadAttachment(user(11, true), facts({ realmPublic: true }))).toBe(false);
    expect(mayReadAttachment(user(11, true), facts({ realmPublic: true, received: true }))).toBe(true);
  });
  it('lets recipients and history-sharing subscribers read', () => {
    expect(mayReadAttachment(user(11), facts({ received: true }))).toBe(true);
    expect(mayReadAttachment(user(11), facts({ subscribedWithHistory: true }))).toBe(true);
  });
  it('lets spectators read only web-public uploads of realms open to them', () => {
    expect(mayReadAttachment({ kind: 'spectator', realmId: 7, spectatorsAllowed: true }, facts({ webPublic: true }))).toBe(true);
    expect(mayReadAttachment({ kind: 'spectator', realmId: 7, spectatorsAllowed: false }, facts({ webPublic: true }))).toBe(false);
    expect(mayReadAttachment({ kind: 'spectator', realmId: 7, spectatorsAllowed: true }, facts({ realmPublic: true }))).toBe(false);
  });
});
