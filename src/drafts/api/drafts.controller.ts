import { Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { Context, CurrentUser } from '../../wire/decorators';
import { decodeValue } from '../../wire/params/wire-param';
import { RequestContext } from '../../wire/request-context';
import { Actor } from '../../shared/actor';
import { CreateDraftsCommand, DeleteDraftCommand, EditDraftCommand } from '../commands/draft.commands';
import { parseDraftData } from '../domain/draft-data';
import { GetDraftsQuery } from '../queries/get-drafts.query';
import { DraftRow } from '../persistence/draft.store';
import { DraftWire, presentDraft } from './draft.presenter';

function jsonParam(context: RequestContext, name: string): unknown {
  const raw = context.params.get(name);
  if (raw === undefined) throw ApiError.missingArgument(name);
  context.usedParams.add(name);
  return decodeValue(name, 'json', raw);
}

function draftId(raw: string): number {
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw ApiError.badRequest('draft_id is not an integer');
  return Number(raw);
}

/** Zulip's drafts endpoints: `GET/POST /drafts`, `PATCH/DELETE /drafts/{draft_id}`. */
@Controller('api/v1/drafts')
export class DraftsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  async list(@CurrentUser() user: Actor): Promise<{ count: number; drafts: DraftWire[] }> {
    const drafts = (await this.queryBus.execute<GetDraftsQuery, DraftRow[]>(new GetDraftsQuery(user.id))).map(presentDraft);
    return { count: drafts.length, drafts };
  }

  @Post()
  create(@CurrentUser() user: Actor, @Context() context: RequestContext): Promise<{ ids: number[] }> {
    const value = jsonParam(context, 'drafts');
    if (!Array.isArray(value)) throw ApiError.badRequest('drafts is not a list');
    const drafts = value.map((draft, index) => parseDraftData(`drafts[${index}]`, draft));
    return this.commandBus.execute(new CreateDraftsCommand(user, drafts));
  }

  @Patch(':draft_id')
  edit(@CurrentUser() user: Actor, @Param('draft_id') id: string, @Context() context: RequestContext): Promise<Record<string, never>> {
    const draft = parseDraftData('draft', jsonParam(context, 'draft'));
    return this.commandBus.execute(new EditDraftCommand(user, draftId(id), draft));
  }

  @Delete(':draft_id')
  remove(@CurrentUser() user: Actor, @Param('draft_id') id: string): Promise<Record<string, never>> {
    return this.commandBus.execute(new DeleteDraftCommand(user, draftId(id)));
  }
}
