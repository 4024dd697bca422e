import { Module } from '@nestjs/common';
import { LinkifiersController } from './api/linkifiers.controller';
import { AddLinkifierHandler } from './commands/add-linkifier.command';
import { RemoveLinkifierHandler } from './commands/remove-linkifier.command';
import { ReorderLinkifiersHandler } from './commands/reorder-linkifiers.command';
import { UpdateLinkifierHandler } from './commands/update-linkifier.command';
import { LinkifierEventProjections } from './events/linkifier-event.projections';
import { LinkifierStore } from './persistence/linkifier.store';
import { GetLinkifiersHandler } from './queries/get-linkifiers.query';
import { LinkifierRulesReader } from './queries/linkifier-rules.reader';
import { LinkifiersState } from './queries/linkifiers.state';

/**
 * Linkifiers: the realm's ordered pattern -> URL template rules (administrators). Their
 * application to a text is the pure `findLinks` / `topicLinks` in `domain/apply-linkifiers`.
 */
@Module({
  controllers: [LinkifiersController],
  providers: [
    LinkifiersState,
    LinkifierStore,
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
