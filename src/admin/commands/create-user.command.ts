import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { RealmRepository } from '../../realm/persistence/realm.repository';
import { UserCreation, UserDraft } from './user-creation';
import { Database } from '../../platform/database/database';

/** A person joins a realm (API `POST /users`, or the CLI's `create-user`). */
export class CreateUserCommand {
  constructor(
    readonly realmId: number,
    readonly draft: UserDraft,
  ) {}
}

export interface CreatedUser {
  user_id: number;
  email: string;
  api_key: string;
}

@CommandHandler(CreateUserCommand)
export class CreateUserHandler implements ICommandHandler<CreateUserCommand, CreatedUser> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly realms: RealmRepository,
    private readonly creation: UserCreation,
    private readonly database: Database,
  ) {}

  async execute(command: CreateUserCommand): Promise<CreatedUser> {
    const checked = await this.creation.check(command.draft);
    return this.tx.run(async () => {
      const realm = await this.realms.requireById(command.realmId);
      const user = await this.creation.insert(realm, checked);
      return { user_id: user.id, email: user.deliveryEmail, api_key: user.apiKey };
    });
  }
}
