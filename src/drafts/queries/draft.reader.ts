import { Injectable } from '@nestjs/common';
import { DraftStore } from '../persistence/draft.store';
import { DraftWire, presentDraft } from '../api/draft.presenter';

/** A user's drafts as other modules read them (register's `drafts`): the drafts module's read facade. */
@Injectable()
export class DraftReader {
  constructor(private readonly store: DraftStore) {}

  /** The user's drafts in their wire form, oldest edit first. */
  async list(userId: number): Promise<DraftWire[]> {
    return (await this.store.list(userId)).map(presentDraft);
  }
}
