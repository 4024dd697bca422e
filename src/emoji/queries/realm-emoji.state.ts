import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { realmSection, RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection } from '../../platform/events/state/register-state';
import { GetRealmEmojiQuery } from './get-realm-emoji.query';

/** `realm_emoji` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class RealmEmojiState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [realmSection(request, 'realm_emoji', () => this.queryBus.execute(new GetRealmEmojiQuery(request.realmId)))];
  }
}
