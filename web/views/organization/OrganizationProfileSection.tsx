import { RealmToggle } from '../settings/SettingToggle';
import { RealmText } from '../settings/TextRow';
import { AdminOnlyNote } from './AdminOnlyNote';
import { RealmImageEditor } from './RealmImageEditor';

/** How the organization presents itself: its name, description, directory listing, icon and logos (Zulip's `organization-profile`). */
export function OrganizationProfileSection() {
  return (
    <>
      <AdminOnlyNote />
      <fieldset className="settings-group">
        <legend>Organization profile</legend>
        <RealmText name="name" label="Organization name" maxLength={40} />
        <RealmText name="description" label="Organization description" multiline maxLength={1000} note="Shown on the log-in and sign-up pages. Markdown is allowed." />
        <RealmToggle name="want_advertise_in_communities_directory" label="Advertise the organization in the Zulip communities directory" />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Organization icon</legend>
        <RealmImageEditor kind="icon" label="Icon" note="A square image, shown in the browser tab and beside the organization's name." />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Organization logo</legend>
        <RealmImageEditor kind="logo" label="Logo for the light theme" note="A wide image (at most 800 by 100 pixels), shown at the top left in place of the app's own logo." />
        <RealmImageEditor kind="night_logo" label="Logo for the dark theme" note="Shown instead of the light theme's logo in the dark theme." />
      </fieldset>
    </>
  );
}
