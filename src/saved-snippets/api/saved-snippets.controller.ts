import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { CreateSavedSnippetCommand, DeleteSavedSnippetCommand, EditSavedSnippetCommand } from '../commands/saved-snippet.commands';
import { snippetText } from '../domain/saved-snippet-rules';
import { GetSavedSnippetsQuery } from '../queries/get-saved-snippets.query';
import { SavedSnippetRow } from '../persistence/saved-snippet.store';
import { presentSavedSnippet, SavedSnippetWire } from './saved-snippet.presenter';

/**
 * Both optional here so that each is checked in Zulip's order (title, then content): a
 * blank title is refused before a missing content is noticed.
 */
class SnippetTextParams {
  @WireParam('string', { optional: true }) title?: string;
  @WireParam('string', { optional: true }) content?: string;
}

class SnippetIdParams {
  @WireParam('int', { path: true }) saved_snippet_id!: number;
}

class EditParams extends SnippetIdParams {
  @WireParam('string', { optional: true }) title?: string;
  @WireParam('string', { optional: true }) content?: string;
}

function required(name: 'title' | 'content', value: string | undefined): string {
  if (value === undefined) throw ApiError.missingArgument(name);
  return snippetText(name, value);
}

function optional(name: 'title' | 'content', value: string | undefined): string | null {
  return value === undefined ? null : snippetText(name, value);
}

/**
 * Zulip's `/saved_snippets`: each user's own reusable message texts. Any user may keep
 * them, bots included, as in Zulip; nobody reaches another's.
 */
@Controller('api/v1/saved_snippets')
export class SavedSnippetsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  async list(@CurrentUser() user: Actor): Promise<{ saved_snippets: SavedSnippetWire[] }> {
    return { saved_snippets: (await this.queryBus.execute<GetSavedSnippetsQuery, SavedSnippetRow[]>(new GetSavedSnippetsQuery(user.id))).map(presentSavedSnippet) };
  }

  @Post()
  create(@CurrentUser() user: Actor, @Params(SnippetTextParams) p: SnippetTextParams): Promise<{ saved_snippet_id: number }> {
    const title = required('title', p.title);
    const content = required('content', p.content);
    return this.commandBus.execute(new CreateSavedSnippetCommand(user, title, content));
  }

  @Patch(':saved_snippet_id')
  async edit(@CurrentUser() user: Actor, @Params(EditParams) p: EditParams): Promise<Record<string, never>> {
    const title = optional('title', p.title);
    const content = optional('content', p.content);
    // Zulip answers success without looking the snippet up, so no spurious event goes out.
    if (title === null && content === null) return {};
    return this.commandBus.execute(new EditSavedSnippetCommand(user, p.saved_snippet_id, title, content));
  }

  @Delete(':saved_snippet_id')
  remove(@CurrentUser() user: Actor, @Params(SnippetIdParams) p: SnippetIdParams): Promise<Record<string, never>> {
    return this.commandBus.execute(new DeleteSavedSnippetCommand(user, p.saved_snippet_id));
  }
}
