import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { UserDirectory } from '../../users/queries/user-directory';
import { Actor } from '../../shared/actor';
import { planPresenceUpdate, PresenceStatus } from '../domain/presence-rules';
import { PresenceRepository } from '../persistence/presence.repository';
import { PresenceWriter } from './presence.writer';
import { Database } from '../../platform/database/database';

/** The write half of `POST /users/me/presence`. */
export class UpdatePresenceCommand {
  constructor(
    readonly user: Actor,
    readonly status: PresenceStatus,
  ) {}
}

/**
 * Zulip's `do_update_user_presence`: nothing is written when the stored times are recent
 * enough. The write numbers the change with the realm's sequence, whose row lock orders
 * every presence change of the realm: it is one statement in its own transaction,
 * committed without waiting for the disk, so the lock lasts the statement alone (a busy
 * server's event loop between a statement and its COMMIT, or a slow disk flush, held it
 * for tens of milliseconds while every other presence write of the realm waited). The
 * read and that write share one pool connection: under load requests queue for the pool,
 * and each checkout more waits the queue again. A user coming online in a small realm is
 * announced: that write and its event share an ordinary transaction (the event leaves
 * after the commit), on a connection of its own.
 */
@CommandHandler(UpdatePresenceCommand)
export class UpdatePresenceHandler implements ICommandHandler<UpdatePresenceCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: UserDirectory,
    private readonly presence: PresenceRepository,
    private readonly writer: PresenceWriter,
    private readonly database: Database,
  ) {}

  async execute(command: UpdatePresenceCommand): Promise<void> {
    const { id, realmId } = command.user;
    const now = new Date();
    const announced = await this.database.onOneConnection(async () => {
      const state = await this.presence.reportingState(id);
      // A user who turned presence off reports nothing: their row stays as the setting left it.
      if (!state?.enabled) return null;
      const { stored } = state;
      const plan = planPresenceUpdate(stored, command.status, now);
      const expected = stored?.lastUpdateId ?? null;
      const times = plan.write;
      if (!times) return null;
      const audience = plan.notify ? await this.writer.announcedAudience(realmId) : null;
      if (audience === null) {
        await this.presence.writeRelaxed(realmId, id, times, expected);
        return null;
      }
      return { audience, times, expected };
    });
    if (!announced) return;
    const user = await this.users.findById(id);
    if (!user) return;
    await this.tx.run(async () => {
      if ((await this.presence.write(user.realmId, user.id, announced.times, announced.expected)) !== null) {
        await this.writer.announceTo(announced.audience, user, announced.times, now);
      }
    });
  }
}
