import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiClient, ApiError, csrfTokenOf, NetworkError } from './api/client';
import { EventQueue } from './api/event-queue';
import { heldSendsOf, heldSendsText, HELD_SENDS_KEY } from './app/held-sends';
import { faviconOf } from './app/realm-images';
import { ActionsContext, AdminActionsContext, SettingsActionsContext } from './app/services';
import { Actions } from './store/actions';
import { AdminActions } from './store/admin-actions';
import { selectHeldSends } from './store/selectors';
import { SettingsActions } from './store/settings-actions';
import { EMPTY_STATE, type ClientState } from './store/state';
import { Store } from './store/store';
import { StoreContext } from './store/use-store';
import { ChatApp } from './views/ChatApp';
import './styles/tokens.css';
import './styles/app.css';
import 'katex/dist/katex.min.css';
import './styles/rendered-content.css';
import './styles/message-actions.css';
import './styles/settings.css';
import './styles/pills.css';
import './styles/admin.css';
import './styles/manage.css';
import './styles/admin-content.css';
import './styles/keyboard.css';

/** Where compose text is kept between visits (docs/web-app.md: nothing typed is lost). */
const COMPOSE_KEY = 'chat.compose';
const PRESENCE_PERIOD_MS = 60_000;

/** Reads one of the page's keys; null where storage is refused. */
function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function savedCompose(): ClientState['compose'] {
  try {
    const saved: unknown = JSON.parse(stored(COMPOSE_KEY) ?? '{}');
    if (saved === null || typeof saved !== 'object' || Array.isArray(saved)) return {};
    return Object.fromEntries(Object.entries(saved).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

const store = new Store({ ...EMPTY_STATE, compose: savedCompose() });
const client = new ApiClient({ csrfToken: csrfTokenOf(document), onConnectivity: (online) => store.connectivity(online) });

/** A failed request away from any message: signed out goes to the log-in page, else the server's words show. */
function report(error: unknown): void {
  if (error instanceof NetworkError) return;
  if (error instanceof ApiError && error.status === 401) {
    window.location.assign('/login/');
    return;
  }
  store.noticeShown(error instanceof Error ? error.message : String(error));
}

const actions = new Actions(client, store, report);
const settingsActions = new SettingsActions(client, store);
const adminActions = new AdminActions(client, store);
// Messages held while the server could not be reached come back after a reload, once it is
// known whose page this is (the first register), and are offered again.
let heldRestored = false;
const queue = new EventQueue(client, {
  registered: (answer) => {
    store.registered(answer);
    if (heldRestored) return;
    heldRestored = true;
    for (const echo of heldSendsOf(stored(HELD_SENDS_KEY), answer.user_id)) store.echoAdded(echo);
  },
  events: (events) => store.events(events),
  connectivity: (online) => store.connectivity(online),
});
queue.run().catch(report);

// Presence while the page is open, as Zulip's client reports it.
void actions.reportPresence(true);
setInterval(() => void actions.reportPresence(document.hasFocus()), PRESENCE_PERIOD_MS);
setInterval(() => store.expireTyping(Date.now()), 1000);

// Compose text to local storage (debounced); the person's theme and the organization's icon onto the page.
let savedHeld = selectHeldSends(store.getState());
const pageIcon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
const appIcon = pageIcon?.getAttribute('href') ?? '';
let saveTimer: ReturnType<typeof setTimeout> | null = null;
let savedState: ClientState['compose'] = store.getState().compose;
store.subscribe(() => {
  const state = store.getState();
  document.documentElement.dataset.theme = state.session?.theme ?? 'auto';
  const icon = faviconOf(state.realm, appIcon);
  if (pageIcon && pageIcon.getAttribute('href') !== icon) {
    pageIcon.setAttribute('href', icon);
    // The app's icon is SVG; an uploaded one is whatever the server stored (PNG).
    if (icon === appIcon) pageIcon.setAttribute('type', 'image/svg+xml');
    else pageIcon.removeAttribute('type');
  }
  const held = selectHeldSends(state);
  if (held !== savedHeld && state.session !== null && heldRestored) {
    savedHeld = held;
    try {
      if (held.length === 0) window.localStorage.removeItem(HELD_SENDS_KEY);
      else window.localStorage.setItem(HELD_SENDS_KEY, heldSendsText(state.session.userId, held));
    } catch {
      // Storage full or refused: they stay held on the page.
    }
  }
  if (state.compose === savedState || saveTimer !== null) return;
  saveTimer = setTimeout(() => {
    saveTimer = null;
    savedState = store.getState().compose;
    try {
      window.localStorage.setItem(COMPOSE_KEY, JSON.stringify(savedState));
    } catch {
      // Storage full or refused: the text stays in the page.
    }
  }, 300);
});

const root = document.getElementById('app');
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <StoreContext.Provider value={store}>
        <ActionsContext.Provider value={actions}>
          <SettingsActionsContext.Provider value={settingsActions}>
            <AdminActionsContext.Provider value={adminActions}>
              <ChatApp />
            </AdminActionsContext.Provider>
          </SettingsActionsContext.Provider>
        </ActionsContext.Provider>
      </StoreContext.Provider>
    </StrictMode>,
  );
}
