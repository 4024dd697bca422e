import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ProfileField, ProfileFieldStore } from '../persistence/profile-field.store';

/** `GET /realm/profile_fields` and register's `custom_profile_fields`: the realm's fields in order. */
export class GetProfileFieldsQuery {
  constructor(readonly realmId: number) {}
}

@QueryHandler(GetProfileFieldsQuery)
export class GetProfileFieldsHandler implements IQueryHandler<GetProfileFieldsQuery, ProfileField[]> {
  constructor(private readonly store: ProfileFieldStore) {}

  execute(query: GetProfileFieldsQuery): Promise<ProfileField[]> {
    return this.store.list(query.realmId);
  }
}
