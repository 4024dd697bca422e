import { RealmSelect, type Choice } from '../settings/SettingSelect';
import { RealmToggle } from '../settings/SettingToggle';
import { RealmText } from '../settings/TextRow';
import { AdminOnlyNote } from './AdminOnlyNote';
import { RealmImageEditor } from './RealmImageEditor';

/** Zulip's Realm.ORG_TYPES, in the order its profile section lists them. */
const ORG_TYPES: readonly Choice[] = [
  { value: 0, label: 'Unspecified' },
  { value: 10, label: 'Business' },
  { value: 20, label: 'Open-source project' },
  { value: 30, label: 'Education (non-profit)' },
  { value: 35, label: 'Education (for-profit)' },
  { value: 40, label: 'Research' },
  { value: 50, label: 'Event or conference' },
  { value: 60, label: 'Non-profit (registered)' },
  { value: 70, label: 'Government' },
  { value: 80, label: 'Political group' },
  { value: 90, label: 'Community' },
  { value: 100, label: 'Personal' },
  { value: 1000, label: 'Other' },
];

/** How the organization presents itself: its name, type, description, directory listing, icon and logos (Zulip's `organization-profile`). */
export function OrganizationProfileSection() {
  return (
    <>
      <AdminOnlyNote />
      <fieldset className="settings-group">
        <legend>Organization profile</legend>
        <RealmText name="name" label="Organization name" maxLength={40} />
        <RealmSelect name="org_type" label="Organization type" choices={ORG_TYPES} />
        <RealmText name="description" label="Organization description" multiline maxLength={1000} note="Zulip's apps show it to people signing in. Markdown is allowed." />
        <RealmToggle name="want_advertise_in_communities_directory" label="Advertise the organization in the Zulip communities directory" />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Organization icon</legend>
        <RealmImageEditor kind="icon" label="Icon" note="A square image. Zulip's mobile and desktop apps show it beside the organization's name." />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Organization logo</legend>
        <RealmImageEditor kind="logo" label="Logo for the light theme" note="A wide image (at most 800 by 100 pixels), for apps that show the organization's logo." />
        <RealmImageEditor kind="night_logo" label="Logo for the dark theme" note="Used instead of the light theme's logo in the dark theme." />
      </fieldset>
    </>
  );
}
