/** The realm's pending invitations changed: its administrators and the invitation's maker refetch `GET /invites`. */
export class InvitesChangedEvent {
  constructor(
    readonly realmId: number,
    readonly userIds: readonly number[],
  ) {}
}
