import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { RealmEmojiRepository, RealmEmojiRow } from '../persistence/realm-emoji.repository';

/** `GET /realm/emoji` and register's `realm_emoji`: every custom emoji of one realm. */
export class GetRealmEmojiQuery {
  constructor(readonly realmId: number) {}
}

@QueryHandler(GetRealmEmojiQuery)
export class GetRealmEmojiHandler implements IQueryHandler<GetRealmEmojiQuery, RealmEmojiRow[]> {
  constructor(private readonly emoji: RealmEmojiRepository) {}

  execute(query: GetRealmEmojiQuery): Promise<RealmEmojiRow[]> {
    return this.emoji.listAll(query.realmId);
  }
}
