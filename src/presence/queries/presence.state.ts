import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection, personalSection } from '../../platform/events/state/register-state';
import { GetRealmPresenceQuery, RealmPresenceAnswer } from './get-presence.query';

/** `presences` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class PresenceState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [
      {
        key: 'presence',
        wanted: request.wants('presence') && request.viewerId === null,
        read: (state) => {
          Object.assign(state, { presences: {}, server_timestamp: Date.now() / 1000 });
        },
      },
      personalSection(request, 'presence', request.wants('presence'), {}, async (_viewerId, state) => {
        const { options } = request;
        const presence = await this.queryBus.execute<GetRealmPresenceQuery, RealmPresenceAnswer>(
          new GetRealmPresenceQuery(request.realmId, options.slimPresence, null, options.presenceHistoryLimitDays),
        );
        // Kept as the cache's text, written in place in the answer; an event that raced the
        // register parses it first (apply-raced-events.ts).
        state.presences = presence.presences;
        state.presence_last_update_id = presence.presence_last_update_id;
        state.server_timestamp = presence.server_timestamp;
      }),
    ];
  }
}
