import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ProfileFieldStore } from '../persistence/profile-field.store';
import { presentField, ProfileFieldWire } from '../api/profile-field.presenter';

/** `GET /realm/profile_fields` and register's `custom_profile_fields`: the realm's fields in order. */
export class GetProfileFieldsQuery {
  constructor(readonly realmId: number) {}
}

@QueryHandler(GetProfileFieldsQuery)
export class GetProfileFieldsHandler implements IQueryHandler<GetProfileFieldsQuery, ProfileFieldWire[]> {
  constructor(private readonly store: ProfileFieldStore) {}

  async execute(query: GetProfileFieldsQuery): Promise<ProfileFieldWire[]> {
    return (await this.store.list(query.realmId)).map(presentField);
  }
}
