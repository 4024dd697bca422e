import { UserEntity } from '../persistence/user.entity';

/** A user or bot joined a realm; everyone in the realm learns of them. */
export class UserCreatedEvent {
  constructor(
    readonly realmStringId: string,
    readonly user: UserEntity,
  ) {}
}

/** A user was deactivated: their sessions end and the realm sees `is_active` false. */
export class UserDeactivatedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
  ) {}
}
