import { useEffect, useState } from 'react';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { InviteDialog } from '../../components/InviteDialog';
import { inRealmGroupSetting, isRealmAdmin, myRole, ROLES } from '../../store/permissions';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from '../settings/FieldMessage';
import { InviteRow } from './InviteRow';

/**
 * Pending invitations (`GET /invites`: an administrator sees the organization's, anyone else
 * their own), fetched when the tab opens and again on every `invites_changed`; and the
 * invite dialog for whoever the realm lets invite.
 */
export function InvitationsTab() {
  const actions = useAdminActions();
  const load = useRequest();
  const invites = useSelector((state) => state.invites);
  const changed = useSelector((state) => state.invitesChanged);
  const canInvite = useSelector((state) => inRealmGroupSetting(state, 'can_invite_users_group') || inRealmGroupSetting(state, 'create_multiuse_invite_group'));
  const admin = useSelector(isRealmAdmin);
  // `GET /invites` refuses guests (Zulip's require_member_or_admin): they have none to list.
  const guest = useSelector((state) => myRole(state) >= ROLES.guest);
  const [inviting, setInviting] = useState(false);
  const { run } = load;

  useEffect(() => {
    if (!guest) void run(() => actions.loadInvites());
  }, [actions, run, changed, guest]);

  const sorted = [...(invites ?? [])].sort((a, b) => b.invited - a.invited);
  return (
    <section className="settings-group" aria-labelledby="pending-invitations-heading">
      {canInvite ? (
        <div className="button-row admin-toolbar">
          <button type="button" className="button-primary" onClick={() => setInviting(true)}>
            Invite users
          </button>
        </div>
      ) : (
        <p className="settings-empty">You are not allowed to invite people to this organization.</p>
      )}
      <h3 id="pending-invitations-heading">{admin ? 'Pending invitations' : 'Your pending invitations'}</h3>
      <FieldMessage id="invites-load-message" error={load.error} />
      {invites === null ? null : sorted.length === 0 ? (
        <p className="settings-empty">No pending invitations.</p>
      ) : (
        <ul className="settings-list admin-people" aria-label="Pending invitations">
          {sorted.map((invite) => (
            <InviteRow key={`${invite.is_multiuse ? 'link' : 'email'}-${invite.id}`} invite={invite} />
          ))}
        </ul>
      )}
      {inviting ? <InviteDialog onClose={() => setInviting(false)} /> : null}
    </section>
  );
}
