import { UserEntity } from '../persistence/user.entity';

/** A user of the realm who receives an event, with the role that decides what they see. */
export interface RealmViewer {
  id: number;
  role: number;
}

/**
 * A user or bot joined a realm; everyone in the realm learns of them. The audience is read
 * inside the creating transaction, so that the event leaves at once after the commit (a
 * CLI process may exit right after its command).
 */
export class UserCreatedEvent {
  constructor(
    readonly realmStringId: string,
    readonly user: UserEntity,
    readonly viewers: readonly RealmViewer[],
  ) {}
}

/** A user was deactivated: the realm's remaining active users see `is_active` false. */
export class UserDeactivatedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly viewerIds: readonly number[],
  ) {}
}
