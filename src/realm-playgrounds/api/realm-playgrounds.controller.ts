import { Controller, Delete, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { requireRealmAdmin } from '../../shared/authorization';
import { Authorize } from '../../wire/authorize.guard';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { AddRealmPlaygroundCommand, RemoveRealmPlaygroundCommand } from '../commands/realm-playground.commands';
import { checkPygmentsLanguage, strippedPlayground } from '../domain/playground-rules';

/** In Zulip's order: name, url_template, then pygments_language with its own check. */
class AddPlaygroundParams {
  @WireParam('string') name!: string;
  @WireParam('string') url_template!: string;
  @WireParam('string') pygments_language!: string;
}

class PlaygroundIdParams {
  @WireParam('int', { path: true }) playground_id!: number;
}

/**
 * Zulip's code playgrounds (`/realm/playgrounds`): where clients offer to open a code block
 * of a language. Administrators add and remove them; everyone gets the list through
 * register's `realm_playgrounds` and its events (Zulip has no GET route).
 */
@Controller('api/v1/realm/playgrounds')
@Authorize(requireRealmAdmin)
export class RealmPlaygroundsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  add(@CurrentUser() user: Actor, @Params(AddPlaygroundParams) p: AddPlaygroundParams): Promise<{ id: number }> {
    checkPygmentsLanguage(p.pygments_language);
    return this.commandBus.execute(new AddRealmPlaygroundCommand(user, strippedPlayground(p.name, p.url_template, p.pygments_language)));
  }

  @Delete(':playground_id')
  remove(@CurrentUser() user: Actor, @Params(PlaygroundIdParams) p: PlaygroundIdParams): Promise<Record<string, never>> {
    return this.commandBus.execute(new RemoveRealmPlaygroundCommand(user, p.playground_id));
  }
}
