import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../platform/database/database';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { MailOutbox } from '../../platform/mail/mail-outbox';
import { RealmWrites } from '../../realm/commands/realm-writes';
import { RealmDeactivatedEvent, RealmReactivatedEvent } from '../../realm/events/realm-deactivation.events';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { Actor } from '../../shared/actor';
import { ApiError } from '../../shared/api-error';
import { requireRealmOwner } from '../../shared/authorization';
import { Role } from '../../shared/roles';
import { Sessions } from '../../users/commands/sessions.commands';
import { UserDirectory } from '../../users/queries/user-directory';
import { Deactivator, realmDeactivationMail } from '../domain/realm-deactivation-mail';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a deactivation answers: the realm, and when its data is due to be deleted (null: not scheduled). */
export interface RealmDeactivation {
  realm_id: number;
  deactivated: true;
  scheduled_deletion_date: string | null;
}

/**
 * Deactivates an organization (Zulip's `do_deactivate_realm`): an owner through
 * `POST /realm/deactivate`, or the operator through `manage deactivate-realm` (no actor).
 * Its users are kept as they are, but none can authenticate; their sessions end; the
 * owners are told by mail. Deactivating a deactivated realm changes nothing, as in Zulip.
 */
export class DeactivateRealmCommand {
  constructor(
    readonly realmId: number,
    readonly actor: Actor | null,
    /** Days until its data is due to be deleted; null: not scheduled. */
    readonly deletionDelayDays: number | null,
  ) {}
}

@CommandHandler(DeactivateRealmCommand)
export class DeactivateRealmHandler implements ICommandHandler<DeactivateRealmCommand, RealmDeactivation> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly realms: RealmDirectory,
    private readonly realmWrites: RealmWrites,
    private readonly users: UserDirectory,
    private readonly sessions: Sessions,
    private readonly mail: MailOutbox,
    private readonly database: Database,
  ) {}

  async execute({ realmId, actor, deletionDelayDays }: DeactivateRealmCommand): Promise<RealmDeactivation> {
    if (actor !== null) requireRealmOwner(actor);
    return this.tx.run(async () => {
      const at = new Date();
      const deletionDate = deletionDelayDays === null ? null : new Date(at.getTime() + deletionDelayDays * DAY_MS);
      if (!(await this.realmWrites.setDeactivated(realmId, true, deletionDate))) {
        const realm = await this.realms.requireById(realmId);
        return { realm_id: realmId, deactivated: true, scheduled_deletion_date: realm.scheduledDeletionDate?.toISOString() ?? null };
      }
      const active = await this.users.activeUserRoles(realmId);
      this.database.record(new RealmDeactivatedEvent(realmId, active.map((user) => user.id)));
      // As Zulip's delete_realm_user_sessions: browsers go back to the sign-in page, which
      // says the organization is deactivated.
      await this.sessions.endAllInRealm(realmId);
      await this.mailOwners(realmId, active.filter((user) => user.role === Role.Owner).map((user) => user.id), actor, at, deletionDate);
      return { realm_id: realmId, deactivated: true, scheduled_deletion_date: deletionDate?.toISOString() ?? null };
    });
  }

  /** Zulip's `do_send_realm_deactivation_email`: every active human owner, in the deactivation's transaction. */
  private async mailOwners(realmId: number, ownerIds: readonly number[], actor: Actor | null, at: Date, deletionDate: Date | null): Promise<void> {
    const realm = await this.realms.requireById(realmId);
    const owners = (await this.users.findByIds(realmId, ownerIds)).filter((owner) => !owner.isBot);
    const actorName = owners.find((owner) => owner.id === actor?.id)?.fullName;
    for (const owner of owners) {
      const by: Deactivator = actor === null ? { kind: 'operator' } : owner.id === actor.id ? { kind: 'recipient' } : { kind: 'owner', name: actorName ?? '' };
      await this.mail.enqueue(realmDeactivationMail(owner.deliveryEmail, realm.name, by, at, deletionDate));
    }
  }
}

/** Reactivates a deactivated organization (Zulip's `do_reactivate_realm`; the management CLI's `reactivate-realm`). */
export class ReactivateRealmCommand {
  constructor(readonly realmId: number) {}
}

@CommandHandler(ReactivateRealmCommand)
export class ReactivateRealmHandler implements ICommandHandler<ReactivateRealmCommand, { realm_id: number; deactivated: false }> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly realmWrites: RealmWrites,
    private readonly database: Database,
  ) {}

  async execute({ realmId }: ReactivateRealmCommand): Promise<{ realm_id: number; deactivated: false }> {
    return this.tx.run(async () => {
      if (!(await this.realmWrites.setDeactivated(realmId, false, null))) throw ApiError.badRequest('The organization is already active.');
      this.database.record(new RealmReactivatedEvent(realmId));
      return { realm_id: realmId, deactivated: false };
    });
  }
}
