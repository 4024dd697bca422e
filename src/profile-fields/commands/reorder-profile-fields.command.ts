import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { Actor } from '../../shared/actor';
import { ProfileFieldStore } from '../persistence/profile-field.store';
import { recordFieldsChanged } from '../events/field-notifications';
import { requireRealmAdmin } from '../../shared/authorization';
import { Database } from '../../platform/database/database';
import { ProfileFieldUserReader } from '../public/users.port';
import { RealmDirectory } from '../../realm/queries/realm-directory';

/** `PATCH /realm/profile_fields`: `order` lists every field id; a field's order is its index. */
export class ReorderProfileFieldsCommand {
  constructor(
    readonly actor: Actor,
    readonly order: readonly number[],
  ) {}
}

@CommandHandler(ReorderProfileFieldsCommand)
export class ReorderProfileFieldsHandler implements ICommandHandler<ReorderProfileFieldsCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: ProfileFieldStore,
    private readonly users: ProfileFieldUserReader,
    private readonly realms: RealmDirectory,
    private readonly database: Database,
  ) {}

  execute({ actor, order }: ReorderProfileFieldsCommand): Promise<void> {
    requireRealmAdmin(actor);
    return this.tx.run(async () => {
      await this.realms.lock(actor.realmId);
      // As Zulip's dict(enumerate(order)): a repeated id takes its last position.
      const positions = new Map<number, number>();
      order.forEach((id, index) => positions.set(id, index));
      const fields = await this.store.list(actor.realmId);
      if (fields.some((field) => !positions.has(field.id))) throw ApiError.badRequest('Invalid order mapping.');
      await this.store.setOrders(actor.realmId, new Map(fields.map((field) => [field.id, positions.get(field.id) as number])));
      await recordFieldsChanged(this.database, this.store, this.users, actor.realmId);
    });
  }
}
