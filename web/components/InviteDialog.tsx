import { useId, useState } from 'react';
import { useAdminActions } from '../app/services';
import { useRequest } from '../app/use-request';
import type { InvitationRequest } from '../store/admin-actions';
import { inRealmGroupSetting, ROLES } from '../store/permissions';
import { useSelector } from '../store/use-store';
import { invitableRoles } from '../store/people-rules';
import { FormDialog } from './FormDialog';

/** Zulip's invitation expiry choices, in minutes (null: never). */
const EXPIRY_CHOICES = [
  { minutes: 1440, label: '1 day' },
  { minutes: 4320, label: '3 days' },
  { minutes: 14400, label: '10 days' },
  { minutes: 43200, label: '30 days' },
  { minutes: null, label: 'Never expires' },
] as const;

/**
 * Zulip's "Invite users to organization": email invitations (`POST /invites`, for
 * `can_invite_users_group`) or a reusable link (`POST /invites/multiuse`, for
 * `create_multiuse_invite_group`), with the role, expiry, channels, groups and the default
 * channels. Opened from the users page and from the personal menu.
 */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const canEmail = useSelector((state) => inRealmGroupSetting(state, 'can_invite_users_group'));
  const canLink = useSelector((state) => inRealmGroupSetting(state, 'create_multiuse_invite_group'));
  const roles = useSelector(invitableRoles);
  const channels = useSelector((state) => Object.values(state.channels).sort((a, b) => a.name.localeCompare(b.name)));
  const groups = useSelector((state) => Object.values(state.groups).filter((group) => !group.isSystem).sort((a, b) => a.name.localeCompare(b.name)));
  const actions = useAdminActions();
  const request = useRequest();
  const [mode, setMode] = useState<'email' | 'link'>(canEmail ? 'email' : 'link');
  const [emails, setEmails] = useState('');
  const [inviteAs, setInviteAs] = useState<number>(ROLES.member);
  const [expiry, setExpiry] = useState<number | null>(14400);
  const [includeDefaults, setIncludeDefaults] = useState(true);
  const [channelIds, setChannelIds] = useState<readonly number[]>([]);
  const [groupIds, setGroupIds] = useState<readonly number[]>([]);
  const [notify, setNotify] = useState(true);
  const [link, setLink] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const id = useId();

  const toggle = (list: readonly number[], value: number, on: boolean) => (on ? [...list, value] : list.filter((known) => known !== value));
  const invitation: InvitationRequest = { inviteAs, channelIds, groupIds, includeDefaultChannels: includeDefaults, expiresInMinutes: expiry };
  const submit = () => {
    setSent(false);
    setLink(null);
    if (mode === 'email') {
      void request.run(() => actions.invite(emails, invitation, notify)).then((done) => {
        if (!done) return;
        setSent(true);
        setEmails('');
      });
    } else {
      void request.run(async () => setLink(await actions.createInviteLink(invitation)));
    }
  };

  return (
    <FormDialog title="Invite users to organization" formId={`${id}-form`} submitLabel={mode === 'email' ? 'Invite' : 'Create link'} busy={request.busy} onClose={onClose} className="dialog-wide" cancelLabel="Close">
      <form
        id={`${id}-form`}
        className="dialog-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {canEmail && canLink ? (
          <fieldset className="invite-mode">
            <legend>How to invite</legend>
            <label className="setting-check">
              <input type="radio" name={`${id}-mode`} checked={mode === 'email'} onChange={() => setMode('email')} />
              Send invitations by email
            </label>
            <label className="setting-check">
              <input type="radio" name={`${id}-mode`} checked={mode === 'link'} onChange={() => setMode('link')} />
              Make a reusable invitation link
            </label>
          </fieldset>
        ) : null}
        {mode === 'email' ? (
          <label className="field">
            Emails (one per line or separated by commas)
            <textarea value={emails} rows={3} required onChange={(event) => setEmails(event.target.value)} />
          </label>
        ) : null}
        <label className="field">
          Invitation expires after
          <select value={expiry === null ? 'never' : String(expiry)} onChange={(event) => setExpiry(event.target.value === 'never' ? null : Number(event.target.value))}>
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.label} value={choice.minutes === null ? 'never' : String(choice.minutes)}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Users join as
          <select value={inviteAs} onChange={(event) => setInviteAs(Number(event.target.value))}>
            {roles.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="invite-choices">
          <legend>Channels they join</legend>
          <label className="setting-check">
            <input type="checkbox" checked={includeDefaults} onChange={(event) => setIncludeDefaults(event.target.checked)} />
            Default channels for this organization
          </label>
          {channels.map((channel) => (
            <label key={channel.id} className="setting-check">
              <input type="checkbox" checked={channelIds.includes(channel.id)} onChange={(event) => setChannelIds(toggle(channelIds, channel.id, event.target.checked))} />#{channel.name}
            </label>
          ))}
        </fieldset>
        {groups.length === 0 ? null : (
          <fieldset className="invite-choices">
            <legend>Groups they join</legend>
            {groups.map((group) => (
              <label key={group.id} className="setting-check">
                <input type="checkbox" checked={groupIds.includes(group.id)} onChange={(event) => setGroupIds(toggle(groupIds, group.id, event.target.checked))} />
                {group.name}
              </label>
            ))}
          </fieldset>
        )}
        {mode === 'email' ? (
          <label className="setting-check">
            <input type="checkbox" checked={notify} onChange={(event) => setNotify(event.target.checked)} />
            Send me a direct message when my invitation is accepted
          </label>
        ) : null}
        {request.error === null ? null : (
          <p className="dialog-problem" role="alert">
            {request.error}
          </p>
        )}
        {sent ? <p role="status">Users invited successfully.</p> : null}
        {link === null ? null : <InviteLink link={link} />}
      </form>
    </FormDialog>
  );
}

/** The new reusable link, to copy. */
function InviteLink({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="invite-link-box" role="status">
      <label className="field">
        Link to share
        <input value={link} readOnly onFocus={(event) => event.target.select()} />
      </label>
      <button type="button" className="button-quiet" onClick={() => void navigator.clipboard.writeText(link).then(() => setCopied(true))}>
        {copied ? 'Copied' : 'Copy link'}
      </button>
    </div>
  );
}
