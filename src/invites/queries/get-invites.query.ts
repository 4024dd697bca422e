import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { isAdministrator } from '../../shared/roles';
import { Actor } from '../../shared/actor';
import { InvitationWrites } from '../commands/invitation-writes';
import { InvitationRow, InvitationStore } from '../persistence/invitation.store';

/** Zulip's invitation dict in `GET /invites`. */
export interface InviteWire {
  id: number;
  invited_by_user_id: number;
  invited: number;
  expiry_date: number | null;
  invited_as: number;
  is_multiuse: boolean;
  email?: string;
  notify_referrer_on_join?: boolean;
  link_url?: string;
}

/** `GET /invites`. */
export class GetInvitesQuery {
  constructor(readonly actor: Actor) {}
}

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** Zulip's `do_get_invites_controlled_by_user`: administrators see the realm's, others their own. */
@QueryHandler(GetInvitesQuery)
export class GetInvitesHandler implements IQueryHandler<GetInvitesQuery, InviteWire[]> {
  constructor(
    private readonly store: InvitationStore,
    private readonly realms: RealmDirectory,
    private readonly writes: InvitationWrites,
  ) {}

  async execute({ actor }: GetInvitesQuery): Promise<InviteWire[]> {
    const realm = await this.realms.requireById(actor.realmId);
    const rows = await this.store.listActive(actor.realmId, isAdministrator(actor.role) ? null : actor.id, new Date());
    return rows.map((row) => this.toWire(row, realm.stringId));
  }

  private toWire(row: InvitationRow, subdomain: string): InviteWire {
    const common = {
      id: row.id,
      invited_by_user_id: row.referredById as number,
      invited: seconds(row.invitedAt),
      expiry_date: row.expiryDate === null ? null : seconds(row.expiryDate),
      invited_as: row.invitedAs,
      is_multiuse: row.isMultiuse,
    };
    if (row.isMultiuse) return { ...common, link_url: this.writes.linkOf(subdomain, row.confirmationKey) };
    return { ...common, email: row.email as string, notify_referrer_on_join: row.notifyReferrerOnJoin };
  }
}
