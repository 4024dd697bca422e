import { useSyncExternalStore } from 'react';
import { settingsSectionOf, type SettingsSection } from './settings-route';

/** The last narrow's fragment, where leaving settings returns (the feed when settings opened first). */
let lastNarrowHash = settingsSectionOf(window.location.hash) === null && window.location.hash !== '' ? window.location.hash : '#feed';

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

function read(): SettingsSection | null {
  const section = settingsSectionOf(window.location.hash);
  if (section === null && window.location.hash !== '') lastNarrowHash = window.location.hash;
  return section;
}

/** The settings section the URL fragment opens, or null while a narrow is open. */
export function useSettingsSection(): SettingsSection | null {
  return useSyncExternalStore(subscribe, read);
}

/** Where "Back" from settings goes: the narrow the person came from. */
export function narrowBeforeSettings(): string {
  return lastNarrowHash;
}
