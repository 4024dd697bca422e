import { encodeHashComponent } from '../store/narrow';

/**
 * The channels and groups overlays' fragments, as Zulip 10.2 writes them:
 * `#channels/subscribed`, `#channels/all`, `#channels/new`, `#channels/<id>/<name>/<tab>`
 * (and `#groups/your`, `#groups/all`, `#groups/new`, `#groups/<id>/<name>/<tab>`).
 */
export type ManageHead = 'channels' | 'groups';

export type ManageSelection = { readonly kind: 'none' } | { readonly kind: 'new' } | { readonly kind: 'item'; readonly id: number; readonly tab: string };

export interface ManageView {
  /** Which list shows: the person's own (subscribed channels, their groups) or all. */
  readonly list: 'mine' | 'all';
  readonly selection: ManageSelection;
}

const MINE: Record<ManageHead, string> = { channels: 'subscribed', groups: 'your' };

/** What a fragment's parts after the head open; an unknown tab opens the first, as Zulip does. */
export function manageViewOf(head: ManageHead, rest: readonly string[], tabs: readonly string[]): ManageView {
  const [first, , tab] = rest;
  if (first === 'all') return { list: 'all', selection: { kind: 'none' } };
  if (first === 'new') return { list: 'mine', selection: { kind: 'new' } };
  const id = Number(first);
  if (first !== undefined && first !== MINE[head] && Number.isInteger(id) && id > 0) {
    return { list: 'mine', selection: { kind: 'item', id, tab: tab !== undefined && tabs.includes(tab) ? tab : (tabs[0] ?? '') } };
  }
  return { list: 'mine', selection: { kind: 'none' } };
}

export const listHash = (head: ManageHead, list: 'mine' | 'all'): string => `#${head}/${list === 'all' ? 'all' : MINE[head]}`;

export const itemHash = (head: ManageHead, id: number, name: string, tab: string): string => `#${head}/${id}/${encodeHashComponent(name)}/${tab}`;
