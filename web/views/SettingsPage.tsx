import { useEffect, useRef, type ComponentType } from 'react';
import { ORGANIZATION_SECTIONS, SETTINGS_SECTIONS, type OrganizationSection, type SettingsSection } from '../app/settings-route';
import { narrowBeforeSettings, useEscapeToNarrow } from '../app/use-settings-route';
import { NoticeBanner } from '../components/NoticeBanner';
import { OfflineBanner } from '../components/OfflineBanner';
import { DefaultChannelsSection } from './organization/DefaultChannelsSection';
import { AdminBotsSection } from './organization/AdminBotsSection';
import { DataExportsSection } from './organization/DataExportsSection';
import { EmojiSection } from './organization/EmojiSection';
import { LinkifiersSection } from './organization/LinkifiersSection';
import { OrganizationPermissionsSection } from './organization/OrganizationPermissionsSection';
import { OrganizationProfileSection } from './organization/OrganizationProfileSection';
import { OrganizationSettingsSection } from './organization/OrganizationSettingsSection';
import { PlaygroundsSection } from './organization/PlaygroundsSection';
import { ProfileFieldsSection } from './organization/ProfileFieldsSection';
import { UserDefaultsSection } from './organization/UserDefaultsSection';
import { UsersSection } from './organization/UsersSection';
import { AccountSection } from './settings/AccountSection';
import { AlertWordsSection } from './settings/AlertWordsSection';
import { BotsSection } from './settings/BotsSection';
import { MutedUsersSection } from './settings/MutedUsersSection';
import { NotificationsSection } from './settings/NotificationsSection';
import { PreferencesSection } from './settings/PreferencesSection';
import { ProfileSection } from './settings/ProfileSection';
import { TopicsSection } from './settings/TopicsSection';
import { UploadedFilesSection } from './settings/UploadedFilesSection';

const PERSONAL_BODIES: Record<SettingsSection, ComponentType> = {
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

/** An organization section's body; `rest` is what follows the section in the fragment (a tab, say). */
const ORGANIZATION_BODIES: Record<OrganizationSection, ComponentType<{ rest: readonly string[] }>> = {
  'organization-profile': OrganizationProfileSection,
  'organization-settings': OrganizationSettingsSection,
  'organization-permissions': OrganizationPermissionsSection,
  'organization-level-user-defaults': UserDefaultsSection,
  'default-channels-list': DefaultChannelsSection,
  'emoji-settings': EmojiSection,
  'linkifier-settings': LinkifiersSection,
  'playground-settings': PlaygroundsSection,
  'profile-field-settings': ProfileFieldsSection,
  users: UsersSection,
  'bot-list-admin': AdminBotsSection,
  'data-exports-admin': DataExportsSection,
};

export type SettingsPageRoute =
  | { readonly kind: 'settings'; readonly section: SettingsSection }
  | { readonly kind: 'organization'; readonly section: OrganizationSection; readonly rest: readonly string[] };

/**
 * Settings (`#settings/<section>`, `#organization/<section>`), in place of the feed, as
 * Zulip's settings overlay: Personal and Organization as two tabs, the open group's
 * sections as a nav, the open one's form beside it (one column on phones), and Back to
 * the narrow the person came from (Escape too, as in Zulip).
 */
export function SettingsPage({ route }: { route: SettingsPageRoute }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const personal = route.kind === 'settings';
  const sections = personal ? SETTINGS_SECTIONS : ORGANIZATION_SECTIONS;
  const label = sections.find((entry) => entry.id === route.section)?.label ?? '';
  const pathKey = route.kind === 'organization' ? route.rest.join('/') : '';

  useEffect(() => {
    heading.current?.focus();
  }, [route.kind, route.section]);

  useEscapeToNarrow();

  let body;
  if (route.kind === 'settings') {
    const Body = PERSONAL_BODIES[route.section];
    body = <Body />;
  } else {
    const Body = ORGANIZATION_BODIES[route.section];
    body = <Body key={`${route.section}/${pathKey}`} rest={route.rest} />;
  }

  return (
    <div className="settings-page">
      <header className="settings-header">
        <a className="button-quiet settings-back" href={narrowBeforeSettings()}>
          <span aria-hidden="true">←</span> Back<span className="settings-back-more"> to messages</span>
        </a>
        <h1>{personal ? 'Personal settings' : 'Organization settings'}</h1>
      </header>
      <div className="settings-side">
        <nav className="settings-tabs" aria-label="Settings">
          <a href="#settings/profile" aria-current={personal ? 'page' : undefined}>
            Personal
          </a>
          <a href="#organization/organization-profile" aria-current={personal ? undefined : 'page'}>
            Organization
          </a>
        </nav>
        <nav className="settings-nav" aria-label={personal ? 'Settings sections' : 'Organization sections'}>
          <ul>
            {sections.map((entry) => (
              <li key={entry.id}>
                <a href={`#${personal ? 'settings' : 'organization'}/${entry.id}`} aria-current={entry.id === route.section ? 'page' : undefined}>
                  {entry.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <main className="settings-main" aria-labelledby="settings-section-heading">
        <OfflineBanner />
        <NoticeBanner />
        <h2 id="settings-section-heading" ref={heading} tabIndex={-1}>
          {label}
        </h2>
        {body}
      </main>
    </div>
  );
}
