/** The realm's pending invitations changed: its administrators and the invitation's maker refetch `GET /invites`. */
export class InvitesChangedEvent {
  constructor(
    readonly realmId: number,
    readonly userIds: readonly number[],
  ) {}
}

/** An invitation email to send once the invitation is committed. */
export class InvitationMailRequestedEvent {
  constructor(
    readonly to: string,
    readonly subject: string,
    readonly text: string,
    readonly html: string,
  ) {}
}
