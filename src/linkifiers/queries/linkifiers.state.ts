import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { realmSection, RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection } from '../../platform/events/state/register-state';
import { GetLinkifiersQuery } from './get-linkifiers.query';
import { LinkifierRow } from '../persistence/linkifier.store';
import { presentLinkifier } from '../api/linkifier.presenter';

/** `realm_linkifiers` and the legacy `realm_filters` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class LinkifiersState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    const expandsTemplates = request.options.capabilities.linkifier_url_template;
    return [
      // Clients that cannot expand URL templates get no linkifiers; the legacy list is always empty.
      realmSection(request, 'realm_linkifiers', async () => (expandsTemplates ? (await this.queryBus.execute<GetLinkifiersQuery, LinkifierRow[]>(new GetLinkifiersQuery(request.realmId))).map(presentLinkifier) : [])),
      realmSection(request, 'realm_filters', async () => []),
    ];
  }
}
