import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { RealmEmojiRepository } from '../persistence/realm-emoji.repository';
import { presentRealmEmojiMap, RealmEmojiWire } from '../api/realm-emoji.presenter';

/** `GET /realm/emoji` and register's `realm_emoji`: every custom emoji of one realm. */
export class GetRealmEmojiQuery {
  constructor(readonly realmId: number) {}
}

@QueryHandler(GetRealmEmojiQuery)
export class GetRealmEmojiHandler implements IQueryHandler<GetRealmEmojiQuery, Record<string, RealmEmojiWire>> {
  constructor(private readonly emoji: RealmEmojiRepository) {}

  async execute(query: GetRealmEmojiQuery): Promise<Record<string, RealmEmojiWire>> {
    return presentRealmEmojiMap(await this.emoji.listAll(query.realmId));
  }
}
