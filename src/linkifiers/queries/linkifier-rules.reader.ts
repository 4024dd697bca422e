import { Injectable } from '@nestjs/common';
import { LinkifierStore } from '../persistence/linkifier.store';
import { LinkifierRule } from '../public/apply-linkifiers';

/**
 * A realm's linkifiers as other modules apply them (a moved message's `topic_links`): the
 * linkifiers module's read facade.
 */
@Injectable()
export class LinkifierRulesReader {
  constructor(private readonly store: LinkifierStore) {}

  /** The realm's rules in the order they apply. */
  ofRealm(realmId: number): Promise<LinkifierRule[]> {
    return this.store.rules(realmId);
  }
}
