import { useState } from 'react';
import type { WireInvite } from '../../api/types';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { isRealmAdmin } from '../../store/permissions';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from '../settings/FieldMessage';
import { roleLabel } from '../../store/people-rules';

const dateOf = (seconds: number) => new Date(seconds * 1000).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** One pending invitation: who or which link, the role, who invited and when it expires; resend and revoke for its maker or an administrator. */
export function InviteRow({ invite }: { invite: WireInvite }) {
  const actions = useAdminActions();
  const request = useRequest();
  const [resent, setResent] = useState(false);
  const inviter = useSelector((state) => state.users[invite.invited_by_user_id]?.fullName ?? 'Someone');
  const mine = useSelector((state) => isRealmAdmin(state) || state.session?.userId === invite.invited_by_user_id);
  const what = invite.is_multiuse ? 'Reusable invitation link' : (invite.email ?? '');
  return (
    <li className="person-row">
      <span className="settings-list-main">
        <span className="person-name">{what}</span>
        <span className="settings-list-meta">
          {' '}
          Invited by {inviter} on {dateOf(invite.invited)} · {invite.expiry_date === null ? 'Never expires' : `Expires ${dateOf(invite.expiry_date)}`}
        </span>
        {invite.is_multiuse && invite.link_url !== undefined ? <code className="bot-key invite-link">{invite.link_url}</code> : null}
      </span>
      <span className="person-role">{roleLabel(invite.invited_as)}</span>
      {mine ? (
        <div className="button-row">
          {invite.is_multiuse ? null : (
            <button type="button" className="button-quiet" aria-label={`Resend invitation to ${what}`} disabled={request.busy} onClick={() => void request.run(() => actions.resendInvite(invite.id)).then(setResent)}>
              Resend
            </button>
          )}
          <button type="button" className="button-quiet button-danger" aria-label={`Revoke ${invite.is_multiuse ? 'invitation link' : `invitation to ${what}`}`} disabled={request.busy} onClick={() => void request.run(() => actions.revokeInvite(invite))}>
            Revoke
          </button>
        </div>
      ) : null}
      <FieldMessage id={`invite-${invite.id}-message`} error={request.error} done={resent ? 'Invitation sent again.' : null} />
    </li>
  );
}
