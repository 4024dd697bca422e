import { lazy, Suspense, useEffect, useState } from 'react';
import { leaveOverlayHash, useHashIs, useHashUserId } from '../app/use-hash';
import { useNarrow } from '../app/use-narrow';
import { useOverlayRoute } from '../app/use-settings-route';
import { useShortcuts } from '../app/use-shortcuts';
import { ComposeBox } from '../components/ComposeBox';
import { HeldSendsBanner } from '../components/HeldSendsBanner';
import { LeftSidebar } from '../components/LeftSidebar';
import { NoticeBanner } from '../components/NoticeBanner';
import { OfflineBanner } from '../components/OfflineBanner';
import { PeopleList } from '../components/PeopleList';
import { ScheduledMessagesView } from '../components/ScheduledMessagesView';
import { ShortcutsDialog } from '../components/ShortcutsDialog';
import { FullProfileDialog } from '../components/FullProfileDialog';
import { TopBar } from '../components/TopBar';
import { narrowKey } from '../store/narrow';
import { useSelector } from '../store/use-store';
import { MessageFeed } from './MessageFeed';

// The overlays load when first opened: most visits never open one, so the page's first script stays small.
const SettingsPage = lazy(() => import('./SettingsPage').then((module) => ({ default: module.SettingsPage })));
const ChannelsPage = lazy(() => import('./ChannelsPage').then((module) => ({ default: module.ChannelsPage })));
const GroupsPage = lazy(() => import('./GroupsPage').then((module) => ({ default: module.GroupsPage })));

/**
 * The signed-in screen: sidebars, the open narrow's feed and the compose box. On phones the
 * sidebars are drawers, opened from the top bar and closed by Escape, the scrim or a narrow
 * change. Zulip's keyboard shortcuts are wired in app/use-shortcuts.ts (none while an overlay such as settings is open).
 */
export function ChatApp() {
  const narrow = useNarrow();
  const overlay = useOverlayRoute();
  const key = narrowKey(narrow.filter);
  const registered = useSelector((state) => state.session !== null);
  const [leftOpen, setLeftOpen] = useState(false);
  const [rightOpen, setRightOpen] = useState(false);
  const [composeOpen, setComposeOpen] = useState(false);
  const scheduledOpen = useHashIs('#scheduled');
  const profileUserId = useHashUserId();
  const [helpOpen, setHelpOpen] = useState(false);

  useEffect(() => {
    setLeftOpen(false);
    setRightOpen(false);
  }, [key]);

  useShortcuts({
    filter: narrow.filter,
    suspended: overlay !== null,
    open: { help: helpOpen, compose: composeOpen, drawer: leftOpen || rightOpen },
    showHelp: () => setHelpOpen(true),
    closeCompose: () => setComposeOpen(false),
    closeDrawers: () => {
      setLeftOpen(false);
      setRightOpen(false);
    },
  });

  if (!registered) {
    return (
      <main className="app-loading">
        <OfflineBanner />
        <NoticeBanner />
      </main>
    );
  }
  // Overlays take the feed's place; the feed is not kept underneath, so nothing is marked read unseen.
  if (overlay !== null) {
    return (
      <Suspense fallback={<main className="app-loading" aria-busy="true" />}>
        {overlay.kind === 'channels' ? <ChannelsPage rest={overlay.rest} /> : overlay.kind === 'groups' ? <GroupsPage rest={overlay.rest} /> : <SettingsPage route={overlay} />}
      </Suspense>
    );
  }
  const drawerOpen = leftOpen || rightOpen;
  return (
    <div className="app">
      <TopBar
        filter={narrow.filter}
        leftOpen={leftOpen}
        rightOpen={rightOpen}
        onToggleLeft={() => {
          setRightOpen(false);
          setLeftOpen(!leftOpen);
        }}
        onToggleRight={() => {
          setLeftOpen(false);
          setRightOpen(!rightOpen);
        }}
      />
      <LeftSidebar current={narrow.filter} open={leftOpen} />
      <main className="centre">
        <OfflineBanner />
        <HeldSendsBanner />
        <NoticeBanner />
        <MessageFeed narrow={narrow} />
        <ComposeBox filter={narrow.filter} open={composeOpen} onOpenChange={setComposeOpen} />
      </main>
      <PeopleList open={rightOpen} />
      {scheduledOpen ? <ScheduledMessagesView /> : null}
      {profileUserId === null ? null : <FullProfileDialog key={profileUserId} userId={profileUserId} onClose={leaveOverlayHash} />}
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      {drawerOpen ? (
        <button
          type="button"
          className="drawer-scrim"
          aria-label="Close the sidebar"
          onClick={() => {
            setLeftOpen(false);
            setRightOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}
