import { Module } from '@nestjs/common';
import { LinkifiersController } from './api/linkifiers.controller';
import { AddLinkifierHandler } from './commands/add-linkifier.command';
import { LinkifierChanges } from './commands/linkifier-commands';
import { RemoveLinkifierHandler } from './commands/remove-linkifier.command';
import { ReorderLinkifiersHandler } from './commands/reorder-linkifiers.command';
import { UpdateLinkifierHandler } from './commands/update-linkifier.command';
import { LinkifierEventProjections } from './events/linkifier-event.projections';
import { LinkifierStore } from './persistence/linkifier.store';
import { GetLinkifiersHandler } from './queries/get-linkifiers.query';
import { LinkifierRulesReader } from './queries/linkifier-rules.reader';
import { LinkifiersState } from './queries/linkifiers.state';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';

/**
 * Linkifiers: the realm's ordered pattern -> URL template rules (administrators). Their
 * application to a text is the pure `findLinks` / `topicLinks` in `domain/apply-linkifiers`.
 */
@Module({
  imports: [RealmModule, UsersModule],
  controllers: [LinkifiersController],
  providers: [
    LinkifiersState,
    LinkifierStore,
    LinkifierChanges,
    LinkifierRulesReader,
    GetLinkifiersHandler,
    AddLinkifierHandler,
    UpdateLinkifierHandler,
    RemoveLinkifierHandler,
    ReorderLinkifiersHandler,
    LinkifierEventProjections,
  ],
  exports: [LinkifierRulesReader],
})
export class LinkifiersModule {}
