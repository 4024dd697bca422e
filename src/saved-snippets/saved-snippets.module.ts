import { Module } from '@nestjs/common';
import { SavedSnippetsController } from './api/saved-snippets.controller';
import { CreateSavedSnippetHandler, DeleteSavedSnippetHandler, EditSavedSnippetHandler } from './commands/saved-snippet.commands';
import { SavedSnippetEventProjections } from './events/saved-snippet-event.projections';
import { SavedSnippetStore } from './persistence/saved-snippet.store';
import { GetSavedSnippetsHandler } from './queries/get-saved-snippets.query';
import { SavedSnippetsState } from './queries/saved-snippets.state';

/** Zulip's saved snippets: each user's own reusable message texts (register's `saved_snippets`). */
@Module({
  controllers: [SavedSnippetsController],
  providers: [
    SavedSnippetsState,
    SavedSnippetStore,
    GetSavedSnippetsHandler,
    CreateSavedSnippetHandler,
    EditSavedSnippetHandler,
    DeleteSavedSnippetHandler,
    SavedSnippetEventProjections,
  ],
})
export class SavedSnippetsModule {}
