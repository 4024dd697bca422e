import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { Role } from '../../shared/roles';
import { checkRealmName, checkSubdomain } from '../domain/subdomain';
import { RealmSetup } from './realm-setup';
import { UserCreation, UserDraft } from './user-creation';
import { Database } from '../../platform/database/database';

/** A new organization, optionally with its first owner. */
export class CreateRealmCommand {
  constructor(
    readonly subdomain: string,
    readonly name: string,
    readonly owner: Omit<UserDraft, 'role'> | null,
  ) {}
}

export interface CreatedRealm {
  realm_id: number;
  user_id?: number;
  email?: string;
  api_key?: string;
}

/**
 * Creates a realm with what Zulip gives every realm: the system groups, a notification
 * bot, and the default channel `general` (also where new channels are announced).
 */
@CommandHandler(CreateRealmCommand)
export class CreateRealmHandler implements ICommandHandler<CreateRealmCommand, CreatedRealm> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly realmSetup: RealmSetup,
    private readonly creation: UserCreation,
    private readonly database: Database,
  ) {}

  async execute(command: CreateRealmCommand): Promise<CreatedRealm> {
    const subdomain = command.subdomain === '' ? '' : checkSubdomain(command.subdomain);
    const name = checkRealmName(command.name);
    const owner = command.owner ? await this.creation.check({ ...command.owner, role: Role.Owner }) : null;
    return this.tx.run(async () => {
      const realm = await this.realmSetup.create(subdomain, name);
      if (!owner) return { realm_id: realm.id };
      const user = await this.creation.insert(realm, owner);
      return { realm_id: realm.id, user_id: user.id, email: user.deliveryEmail, api_key: user.apiKey };
    });
  }
}
