import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection } from '../../platform/events/state/register-state';
import { FIELD_TYPES } from '../public/field-types';
import { GetProfileFieldsQuery } from './get-profile-fields.query';
import { ProfileField } from '../persistence/profile-field.store';
import { presentField } from '../api/profile-field.presenter';

/** `custom_profile_fields` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class ProfileFieldsState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [
      // Spectators cannot see full profiles: no fields, but the field types.
      {
        key: 'custom_profile_fields',
        wanted: request.wants('custom_profile_fields'),
        read: async (state) => {
          state.custom_profile_fields = request.viewerId === null ? [] : (await this.queryBus.execute<GetProfileFieldsQuery, ProfileField[]>(new GetProfileFieldsQuery(request.realmId))).map(presentField);
          state.custom_profile_field_types = FIELD_TYPES;
        },
      },
    ];
  }
}
