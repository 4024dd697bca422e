import { useEffect, useState } from 'react';
import { requestCompose } from '../app/compose-requests';
import { useHashIs } from '../app/use-hash';
import { useNarrow } from '../app/use-narrow';
import { useSettingsSection } from '../app/use-settings-route';
import { ComposeBox } from '../components/ComposeBox';
import { LeftSidebar } from '../components/LeftSidebar';
import { NoticeBanner } from '../components/NoticeBanner';
import { OfflineBanner } from '../components/OfflineBanner';
import { PeopleList } from '../components/PeopleList';
import { ScheduledMessagesView } from '../components/ScheduledMessagesView';
import { TopBar } from '../components/TopBar';
import { narrowKey } from '../store/narrow';
import { useSelector } from '../store/use-store';
import { MessageFeed } from './MessageFeed';
import { SettingsPage } from './SettingsPage';

/** Whether a key press belongs to a text field (shortcuts then stay out of the way). */
function typingInField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * The signed-in screen: sidebars, the open narrow's feed and the compose box. On phones the
 * sidebars are drawers, opened from the top bar and closed by Escape, the scrim or a narrow
 * change. Keys as in Zulip: `c` opens the compose box, `x` a new direct message, `/` goes to search, `Escape` closes what is open.
 */
export function ChatApp() {
  const narrow = useNarrow();
  const settingsSection = useSettingsSection();
  const key = narrowKey(narrow.filter);
  const registered = useSelector((state) => state.session !== null);
  const [leftOpen, setLeftOpen] = useState(false);
  const [rightOpen, setRightOpen] = useState(false);
  const [composeOpen, setComposeOpen] = useState(false);
  const scheduledOpen = useHashIs('#scheduled');

  useEffect(() => {
    setLeftOpen(false);
    setRightOpen(false);
  }, [key]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setLeftOpen(false);
        setRightOpen(false);
        return;
      }
      if (settingsSection !== null || typingInField(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'c' || event.key === 'r') {
        event.preventDefault();
        requestCompose({});
      } else if (event.key === 'x') {
        // Zulip's key for a new direct message: the box opens with no one picked yet.
        event.preventDefault();
        requestCompose({ where: { kind: 'dm', userIds: [] } });
      } else if (event.key === '/') {
        event.preventDefault();
        document.querySelector<HTMLInputElement>('form[role="search"] input')?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [settingsSection]);

  if (!registered) {
    return (
      <main className="app-loading">
        <OfflineBanner />
        <NoticeBanner />
      </main>
    );
  }
  // Settings take the feed's place; the feed is not kept underneath, so nothing is marked read unseen.
  if (settingsSection !== null) return <SettingsPage section={settingsSection} />;
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
        <NoticeBanner />
        <MessageFeed narrow={narrow} />
        <ComposeBox filter={narrow.filter} open={composeOpen} onOpenChange={setComposeOpen} />
      </main>
      <PeopleList open={rightOpen} />
      {scheduledOpen ? <ScheduledMessagesView /> : null}
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
