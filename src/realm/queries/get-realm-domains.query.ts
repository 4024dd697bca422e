import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { RealmDomainStore } from '../persistence/realm-domain.store';
import { RealmDomain } from '../public/realm-domains';

/** `GET /realm/domains` and register's `realm_domains`: the realm's domains, for anyone. */
export class GetRealmDomainsQuery {
  constructor(readonly realmId: number) {}
}

@QueryHandler(GetRealmDomainsQuery)
export class GetRealmDomainsHandler implements IQueryHandler<GetRealmDomainsQuery, RealmDomain[]> {
  constructor(private readonly store: RealmDomainStore) {}

  execute({ realmId }: GetRealmDomainsQuery): Promise<RealmDomain[]> {
    return this.store.list(realmId);
  }
}

/**
 * The realm's domains for other modules (sign-up checks addresses against them with
 * `emailDomainAllowed` when the realm's `emails_restricted_to_domains` is on).
 */
@Injectable()
export class RealmDomainReader {
  constructor(private readonly store: RealmDomainStore) {}

  list(realmId: number): Promise<RealmDomain[]> {
    return this.store.list(realmId);
  }
}
