import { Injectable } from '@nestjs/common';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { apiEmail } from '../../users/public/user-identity';
import { UserDirectory } from '../../users/queries/user-directory';
import { Actor } from '../../shared/actor';
import { Database } from '../../platform/database/database';

/** The reacting user as the event's legacy `user` object names them. */
@Injectable()
export class ReactingUser {
  constructor(
    private readonly users: UserDirectory,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly database: Database,
  ) {}

  async describe(actor: Actor): Promise<{ id: number; email: string; fullName: string }> {
    const user = await this.users.findById(actor.id);
    const realm = await this.realms.requireById(actor.realmId);
    const email = user ? apiEmail(user, this.addressing.hostName(realm.stringId)) : actor.deliveryEmail;
    return { id: actor.id, email, fullName: user?.fullName ?? actor.fullName };
  }
}
