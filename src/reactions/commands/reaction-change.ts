import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { Actor } from '../../shared/actor';
import { ReactableMessage, ReactionAccess } from '../access/reaction-access';
import { ReactingUser } from '../events/reacting-user';
import { ReactionChangedEvent } from '../events/reaction-events';

/** The reaction a change added or removed, as its event carries it. */
export type ChangedReaction = ReactionChangedEvent['reaction'];

/**
 * What adding and removing a reaction share: one transaction, the message locked once the
 * actor may react to it, the change itself (`change`, which answers the reaction it added
 * or removed), then the event to everyone who has the message.
 */
@Injectable()
export class ReactionChange {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly access: ReactionAccess,
    private readonly reactingUser: ReactingUser,
    private readonly database: Database,
  ) {}

  run(actor: Actor, messageId: number, op: 'add' | 'remove', change: (target: ReactableMessage) => Promise<ChangedReaction>): Promise<void> {
    return this.tx.run(async () => {
      const target = await this.access.lock(actor, messageId);
      const reaction = await change(target);
      const audience = await this.access.audience(target);
      const user = await this.reactingUser.describe(actor);
      this.database.record(new ReactionChangedEvent(actor.realmId, audience, op, messageId, user, reaction));
    });
  }
}
