import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../wire/decorators';
import { expectIntegerList } from '../../shared/json-shapes';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { AddLinkifierCommand } from '../commands/add-linkifier.command';
import { RemoveLinkifierCommand } from '../commands/remove-linkifier.command';
import { ReorderLinkifiersCommand } from '../commands/reorder-linkifiers.command';
import { UpdateLinkifierCommand } from '../commands/update-linkifier.command';
import { LinkifierWire, presentLinkifier } from './linkifier.presenter';
import { LinkifierRow } from '../persistence/linkifier.store';
import { GetLinkifiersQuery } from '../queries/get-linkifiers.query';

class LinkifierParams {
  @WireParam('string') pattern!: string;
  @WireParam('string') url_template!: string;
}

class FilterIdParams {
  @WireParam('int', { path: true }) filter_id!: number;
}

class UpdateParams extends LinkifierParams {
  @WireParam('int', { path: true }) filter_id!: number;
}

class ReorderParams {
  @WireParam('json') ordered_linkifier_ids!: unknown;
}

/** Linkifiers: listed at `/realm/linkifiers`, changed at `/realm/filters` (Zulip's paths). */
@Controller('api/v1')
export class LinkifiersController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('realm/linkifiers')
  async list(@CurrentUser() user: Actor): Promise<{ linkifiers: LinkifierWire[] }> {
    return { linkifiers: (await this.queryBus.execute<GetLinkifiersQuery, LinkifierRow[]>(new GetLinkifiersQuery(user.realmId))).map(presentLinkifier) };
  }

  @Patch('realm/linkifiers')
  async reorder(@CurrentUser() user: Actor, @Params(ReorderParams) p: ReorderParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new ReorderLinkifiersCommand(user, expectIntegerList('ordered_linkifier_ids', p.ordered_linkifier_ids)));
    return {};
  }

  @Post('realm/filters')
  add(@CurrentUser() user: Actor, @Params(LinkifierParams) p: LinkifierParams): Promise<{ id: number }> {
    return this.commandBus.execute(new AddLinkifierCommand(user, p.pattern, p.url_template));
  }

  @Patch('realm/filters/:filter_id')
  async update(@CurrentUser() user: Actor, @Params(UpdateParams) p: UpdateParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new UpdateLinkifierCommand(user, p.filter_id, p.pattern, p.url_template));
    return {};
  }

  @Delete('realm/filters/:filter_id')
  async remove(@CurrentUser() user: Actor, @Params(FilterIdParams) p: FilterIdParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new RemoveLinkifierCommand(user, p.filter_id));
    return {};
  }
}
