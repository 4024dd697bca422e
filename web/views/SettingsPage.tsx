import { useEffect, useRef, type ComponentType } from 'react';
import { SETTINGS_SECTIONS, type SettingsSection } from '../app/settings-route';
import { narrowBeforeSettings } from '../app/use-settings-route';
import { NoticeBanner } from '../components/NoticeBanner';
import { OfflineBanner } from '../components/OfflineBanner';
import { AccountSection } from './settings/AccountSection';
import { AlertWordsSection } from './settings/AlertWordsSection';
import { BotsSection } from './settings/BotsSection';
import { MutedUsersSection } from './settings/MutedUsersSection';
import { NotificationsSection } from './settings/NotificationsSection';
import { PreferencesSection } from './settings/PreferencesSection';
import { ProfileSection } from './settings/ProfileSection';
import { TopicsSection } from './settings/TopicsSection';
import { UploadedFilesSection } from './settings/UploadedFilesSection';

const BODIES: Record<SettingsSection, ComponentType> = {
  profile: ProfileSection,
  'account-and-privacy': AccountSection,
  preferences: PreferencesSection,
  notifications: NotificationsSection,
  'your-bots': BotsSection,
  'alert-words': AlertWordsSection,
  'uploaded-files': UploadedFilesSection,
  topics: TopicsSection,
  'muted-users': MutedUsersSection,
};

/**
 * Personal settings (`#settings/<section>`), in place of the feed: the sections as a nav,
 * the open one's form beside it (one column on phones), and Back to the narrow the person
 * came from (Escape too, as in Zulip).
 */
export function SettingsPage({ section }: { section: SettingsSection }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const label = SETTINGS_SECTIONS.find((entry) => entry.id === section)?.label ?? '';
  const Body = BODIES[section];

  useEffect(() => {
    heading.current?.focus();
  }, [section]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !(event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement)) window.location.hash = narrowBeforeSettings();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="settings-page">
      <header className="settings-header">
        <a className="button-quiet settings-back" href={narrowBeforeSettings()}>
          <span aria-hidden="true">←</span> Back<span className="settings-back-more"> to messages</span>
        </a>
        <h1>Personal settings</h1>
      </header>
      <nav className="settings-nav" aria-label="Settings sections">
        <ul>
          {SETTINGS_SECTIONS.map((entry) => (
            <li key={entry.id}>
              <a href={`#settings/${entry.id}`} aria-current={entry.id === section ? 'page' : undefined}>
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="settings-main" aria-labelledby="settings-section-heading">
        <OfflineBanner />
        <NoticeBanner />
        <h2 id="settings-section-heading" ref={heading} tabIndex={-1}>
          {label}
        </h2>
        <Body />
      </main>
    </div>
  );
}
