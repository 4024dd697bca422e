import type { DmParticipant, WireMessage } from '../api/types';
import type { Where } from './state';

/**
 * A DM conversation's key: the other participants' ids in ascending order, joined with
 * commas; the person's own id alone for messages to themselves (as register's `pms`
 * names that conversation by `other_user_id`).
 */
export function dmKey(userIds: readonly number[], me: number): string {
  const others = [...new Set(userIds)].filter((id) => id !== me).sort((a, b) => a - b);
  return others.length === 0 ? String(me) : others.join(',');
}

/** The ids a DM key names (the others, or the person alone). */
export function dmKeyIds(key: string): number[] {
  return key.split(',').map(Number);
}

/** Topics are one conversation whatever their case, as in Zulip. */
export function sameTopic(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** A conversation's key for typing notices, compose text and grouping. */
export function conversationKey(where: Where, me: number): string {
  return where.kind === 'channel' ? `channel:${where.channelId}:${where.topic.toLowerCase()}` : `dm:${dmKey(where.userIds, me)}`;
}

export function sameConversation(a: Where, b: Where): boolean {
  if (a.kind === 'channel' && b.kind === 'channel') return a.channelId === b.channelId && sameTopic(a.topic, b.topic);
  if (a.kind === 'dm' && b.kind === 'dm') return a.userIds.join(',') === b.userIds.join(',');
  return false;
}

/** Where a message from the API was sent. */
export function whereOf(message: Pick<WireMessage, 'type' | 'stream_id' | 'subject' | 'display_recipient' | 'sender_id'>): Where {
  if (message.type === 'stream') return { kind: 'channel', channelId: message.stream_id ?? -1, topic: message.subject };
  const recipients = Array.isArray(message.display_recipient) ? (message.display_recipient as DmParticipant[]) : [];
  const ids = new Set(recipients.map((person) => person.id));
  ids.add(message.sender_id);
  return { kind: 'dm', userIds: [...ids].sort((a, b) => a - b) };
}
