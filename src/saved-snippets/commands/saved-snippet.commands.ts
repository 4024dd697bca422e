import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../platform/database/database';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { Actor } from '../../shared/actor';
import { savedSnippetNotFound } from '../domain/saved-snippet-rules';
import { SavedSnippetsChangedEvent } from '../events/saved-snippet-events';
import { SavedSnippetStore } from '../persistence/saved-snippet.store';

/** `POST /saved_snippets`: a title and content already checked and stripped (snippetText). */
export class CreateSavedSnippetCommand {
  constructor(readonly actor: Actor, readonly title: string, readonly content: string) {}
}

/** `PATCH /saved_snippets/{id}`: null leaves the field as it is; at least one is given. */
export class EditSavedSnippetCommand {
  constructor(readonly actor: Actor, readonly id: number, readonly title: string | null, readonly content: string | null) {}
}

/** `DELETE /saved_snippets/{id}`. */
export class DeleteSavedSnippetCommand {
  constructor(readonly actor: Actor, readonly id: number) {}
}

/** Zulip's `do_create_saved_snippet`: one `add` event for the owner. */
@CommandHandler(CreateSavedSnippetCommand)
export class CreateSavedSnippetHandler implements ICommandHandler<CreateSavedSnippetCommand, { saved_snippet_id: number }> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: SavedSnippetStore,
    private readonly database: Database,
  ) {}

  execute({ actor, title, content }: CreateSavedSnippetCommand): Promise<{ saved_snippet_id: number }> {
    return this.tx.run(async () => {
      const snippet = await this.store.insert(actor.realmId, actor.id, title, content);
      this.database.record(new SavedSnippetsChangedEvent(actor.realmId, actor.id, { op: 'add', saved_snippet: snippet }));
      return { saved_snippet_id: snippet.id };
    });
  }
}

/** Zulip's `do_edit_saved_snippet`: only the owner's snippet; one `update` event with the whole snippet. */
@CommandHandler(EditSavedSnippetCommand)
export class EditSavedSnippetHandler implements ICommandHandler<EditSavedSnippetCommand, Record<string, never>> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: SavedSnippetStore,
    private readonly database: Database,
  ) {}

  execute({ actor, id, title, content }: EditSavedSnippetCommand): Promise<Record<string, never>> {
    return this.tx.run(async () => {
      const snippet = await this.store.update(actor.id, id, title, content);
      if (!snippet) throw savedSnippetNotFound();
      this.database.record(new SavedSnippetsChangedEvent(actor.realmId, actor.id, { op: 'update', saved_snippet: snippet }));
      return {};
    });
  }
}

/** Zulip's `do_delete_saved_snippet`: only the owner's snippet; one `remove` event. */
@CommandHandler(DeleteSavedSnippetCommand)
export class DeleteSavedSnippetHandler implements ICommandHandler<DeleteSavedSnippetCommand, Record<string, never>> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: SavedSnippetStore,
    private readonly database: Database,
  ) {}

  execute({ actor, id }: DeleteSavedSnippetCommand): Promise<Record<string, never>> {
    return this.tx.run(async () => {
      if (!(await this.store.delete(actor.id, id))) throw savedSnippetNotFound();
      this.database.record(new SavedSnippetsChangedEvent(actor.realmId, actor.id, { op: 'remove', saved_snippet_id: id }));
      return {};
    });
  }
}
