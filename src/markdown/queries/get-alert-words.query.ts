import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AlertWordStore } from '../persistence/alert-word.store';

/** `GET /users/me/alert_words` and register's `alert_words`. */
export class GetAlertWordsQuery {
  constructor(readonly userId: number) {}
}

@QueryHandler(GetAlertWordsQuery)
export class GetAlertWordsHandler implements IQueryHandler<GetAlertWordsQuery, string[]> {
  constructor(private readonly store: AlertWordStore) {}

  execute(query: GetAlertWordsQuery): Promise<string[]> {
    return this.store.list(query.userId);
  }
}
