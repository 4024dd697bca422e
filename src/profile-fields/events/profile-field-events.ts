import { ProfileField } from '../persistence/profile-field.store';

/** The realm's set of custom profile fields changed; `fields` is the whole new list. */
export class ProfileFieldsChangedEvent {
  constructor(
    readonly realmId: number,
    readonly audienceUserIds: readonly number[],
    readonly fields: readonly ProfileField[],
  ) {}
}

/** One of a user's values changed; `value` null means it was removed. */
export interface ProfileValueChange {
  id: number;
  value: string | null;
  renderedValue: string | null;
}

/** A user's custom profile field values changed. */
export class ProfileDataChangedEvent {
  constructor(
    readonly realmId: number,
    readonly audienceUserIds: readonly number[],
    readonly userId: number,
    readonly changes: readonly ProfileValueChange[],
  ) {}
}
