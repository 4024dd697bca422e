import { Injectable } from '@nestjs/common';
import { RealmAddressing } from '../../realm/domain/realm-addressing';
import { RealmRepository } from '../../realm/persistence/realm.repository';
import { apiEmail } from '../../users/api/user.presenter';
import { UserRepository } from '../../users/persistence/user.repository';
import { RequestUser } from '../../wire/request-context';
import { Database } from '../../platform/database/database';

/** The reacting user as the event's legacy `user` object names them. */
@Injectable()
export class ReactingUser {
  constructor(
    private readonly users: UserRepository,
    private readonly realms: RealmRepository,
    private readonly addressing: RealmAddressing,
    private readonly database: Database,
  ) {}

  async describe(actor: RequestUser): Promise<{ id: number; email: string; fullName: string }> {
    const user = await this.users.findById(actor.id);
    const realm = await this.realms.requireById(actor.realmId);
    const email = user ? apiEmail(user, this.addressing.hostName(realm.stringId)) : actor.deliveryEmail;
    return { id: actor.id, email, fullName: user?.fullName ?? actor.fullName };
  }
}
