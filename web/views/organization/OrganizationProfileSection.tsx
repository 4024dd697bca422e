import { RealmText } from '../settings/TextRow';
import { AdminOnlyNote } from './AdminOnlyNote';

/** How the organization presents itself: its name and description (Zulip's `organization-profile`). */
export function OrganizationProfileSection() {
  return (
    <>
      <AdminOnlyNote />
      <fieldset className="settings-group">
        <legend>Organization profile</legend>
        <RealmText name="name" label="Organization name" maxLength={40} />
        <RealmText name="description" label="Organization description" multiline maxLength={1000} note="Shown on the log-in and sign-up pages. Markdown is allowed." />
      </fieldset>
    </>
  );
}
