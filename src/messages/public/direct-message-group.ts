import { createHash } from 'node:crypto';

/** Zulip's key for a group DM: SHA-1 of the sorted member ids joined by commas. */
export function directMessageGroupHash(userIds: readonly number[]): string {
  const sorted = [...new Set(userIds)].sort((a, b) => a - b);
  return createHash('sha1').update(sorted.join(',')).digest('hex');
}
