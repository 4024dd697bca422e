import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { SavedSnippetChange, SavedSnippetsChangedEvent } from './saved-snippet-events';
import { presentSavedSnippet } from '../api/saved-snippet.presenter';

/** The client events of the saved snippets module's domain events. */
@Injectable()
export class SavedSnippetEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /** Zulip's `do_*_saved_snippet`: the owner's queues alone hear of it. */
  @OnCommitted(SavedSnippetsChangedEvent)
  savedSnippetsChanged(event: SavedSnippetsChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: [event.userId],
      eventType: 'saved_snippets',
      render: () => ({ type: 'saved_snippets', ...snippetPayload(event.change) }),
    });
  }
}

function snippetPayload(change: SavedSnippetChange): Record<string, unknown> {
  if (change.op === 'remove') return { op: 'remove', saved_snippet_id: change.saved_snippet_id };
  return { op: change.op, saved_snippet: presentSavedSnippet(change.saved_snippet) };
}
