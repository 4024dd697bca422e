import type { LocalEcho, Where } from '../store/state';

/** Where the page keeps the messages it holds while the server cannot be reached, across reloads. */
export const HELD_SENDS_KEY = 'chat.held';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function whereOf(value: unknown): Where | null {
  if (!isRecord(value)) return null;
  if (value.kind === 'channel' && typeof value.channelId === 'number' && typeof value.topic === 'string') {
    return { kind: 'channel', channelId: value.channelId, topic: value.topic };
  }
  if (value.kind === 'dm' && Array.isArray(value.userIds) && value.userIds.every((id) => typeof id === 'number')) {
    return { kind: 'dm', userIds: value.userIds as number[] };
  }
  return null;
}

function heldEchoOf(value: unknown): LocalEcho | null {
  if (!isRecord(value)) return null;
  const where = whereOf(value.where);
  const { localId, content, timestamp } = value;
  if (where === null || typeof localId !== 'string' || typeof content !== 'string' || typeof timestamp !== 'number') return null;
  return { localId, where, content, timestamp, status: 'held', messageId: null, error: null };
}

/** What to keep: the held messages and whose they are (another person may sign in on the same browser). */
export function heldSendsText(userId: number, held: readonly LocalEcho[]): string {
  return JSON.stringify({ userId, echoes: held.map(({ localId, where, content, timestamp }) => ({ localId, where, content, timestamp })) });
}

/** The held messages kept for this person; none for someone else's, or for anything unreadable. */
export function heldSendsOf(text: string | null, userId: number): LocalEcho[] {
  try {
    const saved: unknown = JSON.parse(text ?? 'null');
    if (!isRecord(saved) || saved.userId !== userId || !Array.isArray(saved.echoes)) return [];
    return saved.echoes.map(heldEchoOf).filter((echo): echo is LocalEcho => echo !== null);
  } catch {
    return [];
  }
}
