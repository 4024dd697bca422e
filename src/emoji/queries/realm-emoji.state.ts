import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { realmSection, RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection } from '../../platform/events/state/register-state';
import { GetRealmEmojiQuery } from './get-realm-emoji.query';
import { RealmEmojiRow } from '../persistence/realm-emoji.repository';
import { presentRealmEmojiMap } from '../api/realm-emoji.presenter';

/** `realm_emoji` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class RealmEmojiState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [realmSection(request, 'realm_emoji', async () => presentRealmEmojiMap(await this.queryBus.execute<GetRealmEmojiQuery, RealmEmojiRow[]>(new GetRealmEmojiQuery(request.realmId))))];
  }
}
