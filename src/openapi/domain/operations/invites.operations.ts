import { arr, bool, int, literal, nullable, obj, str } from '../json-schema';
import { OperationTable, success } from '../operation-doc';

const ROLE = literal(100, 200, 300, 400, 600);

/** Zulip's `Invite`: an email invitation (with `email`) or a reusable link (with `link_url`). */
export const INVITE = obj(
  {
    id: int,
    invited_by_user_id: int,
    invited: int,
    expiry_date: nullable(int),
    invited_as: ROLE,
    email: str,
    notify_referrer_on_join: bool,
    link_url: str,
    is_multiuse: bool,
  },
  { optional: ['email', 'notify_referrer_on_join', 'link_url'] },
);

/** Invitations: email invitations and reusable invitation links. */
export const INVITE_OPERATIONS: OperationTable = {
  'GET /api/v1/invites': success(
    'The unexpired invitations the user can manage: their own, or (administrators) the organization\'s.',
    { invites: arr(INVITE) },
  ),
  'POST /api/v1/invites': success(
    'Send email invitations (`invitee_emails`, separated by commas or newlines) to join with a role, channels and groups. ' +
      'Addresses already in use are skipped with an `INVITATION_FAILED` error listing them; `daily_limit_reached` when the daily limit stops it.',
  ),
  'POST /api/v1/invites/multiuse': success('Create a reusable invitation link.', { invite_link: str }),
  'DELETE /api/v1/invites/{invite_id}': success('Revoke an email invitation: its link stops working.'),
  'DELETE /api/v1/invites/multiuse/{invite_id}': success('Revoke a reusable invitation link.'),
  'POST /api/v1/invites/{invite_id}/resend': success('Send an email invitation\'s email again.'),
};
