import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection } from '../../platform/events/state/register-state';
import { GetRealmEmojiQuery } from './get-realm-emoji.query';

/** `realm_emoji` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class RealmEmojiState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [
      {
        key: 'realm_emoji',
        wanted: request.wants('realm_emoji'),
        read: async (state) => {
          state.realm_emoji = await this.queryBus.execute(new GetRealmEmojiQuery(request.realmId));
        },
      },
    ];
  }
}
