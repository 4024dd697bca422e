import { useEffect, useRef } from 'react';
import { formatHash, type Filter } from '../store/narrow';
import type { ClientState } from '../store/state';
import { nextUnreadDm, nextUnreadTopic } from '../store/unread-navigation';
import { useStore } from '../store/use-store';
import { requestCompose } from './compose-requests';
import { sendFeedCommand } from './feed-commands';
import { namesOf } from './hash-names';
import { listenForShortcuts, type Shortcut } from './keyboard';

/** What the signed-in screen has open, that Escape closes (the first open one, in this order). */
export interface OpenThings {
  readonly help: boolean;
  readonly compose: boolean;
  readonly drawer: boolean;
}

export interface ShortcutTargets {
  readonly filter: Filter;
  /** Personal settings are open: their page has the keys (its own Escape goes back). */
  readonly suspended: boolean;
  readonly open: OpenThings;
  showHelp(): void;
  closeCompose(): void;
  closeDrawers(): void;
}

function go(filter: Filter | null, state: ClientState): boolean {
  if (filter === null) return false;
  window.location.hash = formatHash({ filter, anchor: null, with: null }, namesOf(state));
  return true;
}

function focusFeed(): void {
  document.querySelector<HTMLElement>('.feed-scroll')?.focus();
}

/** Wires Zulip's shortcuts (app/keyboard.ts) to the screen; `targets` is read at each press. */
export function useShortcuts(targets: ShortcutTargets): void {
  const store = useStore();
  const latest = useRef(targets);
  latest.current = targets;
  useEffect(
    () =>
      listenForShortcuts((shortcut: Shortcut, event) => {
        const { filter, open, suspended, ...act } = latest.current;
        // While the dialog or personal settings are open, they have the keys (their own Escape closes them).
        if (open.help || suspended) return false;
        switch (shortcut) {
          case 'escape':
            if (open.compose) act.closeCompose();
            else if (open.drawer) act.closeDrawers();
            else if (event.target instanceof HTMLElement && event.target.closest('form[role="search"]') !== null) event.target.blur();
            else return false;
            focusFeed();
            return true;
          case 'next':
          case 'previous':
          case 'first':
          case 'last':
          case 'reply':
            return sendFeedCommand(shortcut);
          case 'new-topic':
            requestCompose(filter.kind === 'channel' ? { where: { kind: 'channel', channelId: filter.channelId, topic: '' } } : {});
            return true;
          case 'new-dm':
            requestCompose({ where: { kind: 'dm', userIds: filter.kind === 'dm' ? filter.userIds : [] } });
            return true;
          case 'next-unread-topic':
            return go(nextUnreadTopic(store.getState(), filter), store.getState());
          case 'next-unread-dm':
            return go(nextUnreadDm(store.getState(), filter), store.getState());
          case 'search':
            document.querySelector<HTMLInputElement>('form[role="search"] input')?.focus();
            return true;
          case 'help':
            act.showHelp();
            return true;
        }
      }),
    [store],
  );
}
