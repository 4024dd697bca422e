import { Injectable } from '@nestjs/common';
import { DraftStore, DraftWire } from '../persistence/draft.store';

/** A user's drafts as other modules read them (register's `drafts`): the drafts module's read facade. */
@Injectable()
export class DraftReader {
  constructor(private readonly store: DraftStore) {}

  /** The user's drafts in their wire form, oldest edit first. */
  list(userId: number): Promise<DraftWire[]> {
    return this.store.list(userId);
  }
}
