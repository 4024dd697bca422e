import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { ReactionChangedEvent } from './reaction-events';

/** The client events of the reactions module's domain events. */
@Injectable()
export class ReactionEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /** Zulip's `notify_reaction_update`: a `reaction` event to those who can see the message. */
  @OnCommitted(ReactionChangedEvent)
  reactionChanged(event: ReactionChangedEvent): void {
    const { user, reaction } = event;
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'reaction',
      render: () => ({
        type: 'reaction',
        op: event.op,
        user_id: user.id,
        // Zulip's legacy duplicate of user_id, still sent.
        user: { user_id: user.id, email: user.email, full_name: user.fullName },
        message_id: event.messageId,
        emoji_name: reaction.emojiName,
        emoji_code: reaction.emojiCode,
        reaction_type: reaction.reactionType,
      }),
    });
  }
}
