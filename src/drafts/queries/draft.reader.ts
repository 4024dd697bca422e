import { Injectable } from '@nestjs/common';
import { DraftRow, DraftStore } from '../persistence/draft.store';

/** A user's drafts as other modules read them (register's `drafts`): the drafts module's read facade. */
@Injectable()
export class DraftReader {
  constructor(private readonly store: DraftStore) {}

  /** The user's drafts, oldest edit first. */
  list(userId: number): Promise<DraftRow[]> {
    return this.store.list(userId);
  }
}
