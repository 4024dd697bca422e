import type { WireProfileField } from '../api/types';
import { choicesOf, externalAccountUrl, FIELD_TYPE, isWebLink, personIdsOf, templatesOf, type ExternalAccountTemplates } from '../app/profile-fields';
import { ROLES } from '../store/permissions';
import type { ClientState, UserEntry } from '../store/state';
import { useSelector } from '../store/use-store';

const ROLE_NAMES: Readonly<Record<number, string>> = {
  [ROLES.owner]: 'Owner',
  [ROLES.administrator]: 'Administrator',
  [ROLES.moderator]: 'Moderator',
  [ROLES.member]: 'Member',
  [ROLES.guest]: 'Guest',
};

/** What a person is in the organization, as Zulip's profile shows it. */
export function roleLabelOf(user: UserEntry): string {
  return user.isBot ? 'Bot' : (ROLE_NAMES[user.role] ?? 'Member');
}

/** One custom profile field's value as a profile shows it: a link for links and accounts, names for people. */
function FieldValue({ field, value, users, templates }: { field: WireProfileField; value: string; users: ClientState['users']; templates: ExternalAccountTemplates }) {
  switch (field.type) {
    case FIELD_TYPE.url:
      return isWebLink(value) ? (
        <a href={value} target="_blank" rel="noopener noreferrer">
          {value}
        </a>
      ) : (
        <>{value}</>
      );
    case FIELD_TYPE.externalAccount: {
      const url = externalAccountUrl(field, templates, value);
      return url === null ? (
        <>{value}</>
      ) : (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {value}
        </a>
      );
    }
    case FIELD_TYPE.select:
      return <>{choicesOf(field).find((choice) => choice.key === value)?.text ?? value}</>;
    case FIELD_TYPE.user:
      return <>{personIdsOf(value).map((id) => users[id]?.fullName ?? 'Unknown user').join(', ')}</>;
    default:
      return <>{value}</>;
  }
}

/**
 * A person's filled-in custom profile fields, as `<dt>`/`<dd>` pairs for the `<dl>` of the
 * card or the full profile (empty fields are left out, as in Zulip).
 */
export function ProfileFieldRows({ userId }: { userId: number }) {
  const fields = useSelector((state) => state.profileFields);
  const values = useSelector((state) => state.profileData[userId]);
  const users = useSelector((state) => state.users);
  const templates = useSelector((state) => templatesOf(state.realm.default_external_accounts));
  const filled = fields.filter((field) => {
    const value = values?.[field.id] ?? '';
    return field.type === FIELD_TYPE.user ? personIdsOf(value).length > 0 : value !== '';
  });
  return (
    <>
      {filled.map((field) => (
        <div key={field.id}>
          <dt>{field.name}</dt>
          <dd>
            <FieldValue field={field} value={values?.[field.id] ?? ''} users={users} templates={templates} />
          </dd>
        </div>
      ))}
    </>
  );
}
