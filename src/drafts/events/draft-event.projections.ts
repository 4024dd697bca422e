import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { DraftsChange, DraftsChangedEvent } from './drafts-changed.event';
import { presentDraft } from '../api/draft.presenter';

/** The client events of the drafts module's domain events. */
@Injectable()
export class DraftEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  @OnCommitted(DraftsChangedEvent)
  draftsChanged(event: DraftsChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: [event.userId],
      eventType: 'drafts',
      render: () => ({ type: 'drafts', ...draftsPayload(event.payload) }),
    });
  }
}

function draftsPayload(change: DraftsChange): Record<string, unknown> {
  if (change.op === 'add') return { op: 'add', drafts: change.drafts.map(presentDraft) };
  if (change.op === 'update') return { op: 'update', draft: presentDraft(change.draft) };
  return { op: 'remove', draft_id: change.draft_id };
}
