import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { requireRealmOwner } from '../../shared/authorization';
import { Authorize } from '../../wire/authorize.guard';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { AddRealmDomainCommand, ChangeRealmDomainCommand, RemoveRealmDomainCommand } from '../commands/realm-domain.commands';
import { normalizedRealmDomain, RealmDomain } from '../public/realm-domains';
import { presentRealmDomain, RealmDomainWire } from './realm-domain.presenter';
import { GetRealmDomainsQuery } from '../queries/get-realm-domains.query';

/** Zulip 10.2's order: `allow_subdomains`, then `domain`. */
class AddDomainParams {
  @WireParam('bool') allow_subdomains!: boolean;
  @WireParam('string') domain!: string;
}

class DomainPathParams {
  @WireParam('string', { path: true }) domain!: string;
}

class ChangeDomainParams {
  @WireParam('bool') allow_subdomains!: boolean;
  @WireParam('string', { path: true }) domain!: string;
}

/**
 * Zulip's `/realm/domains`: the domains a realm restricted to its domains takes addresses
 * at. Anyone may list them; organization owners change them, refused before any parameter
 * is read.
 */
@Controller('api/v1/realm/domains')
export class RealmDomainsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  async list(@CurrentUser() user: Actor): Promise<{ domains: RealmDomainWire[] }> {
    return { domains: (await this.queryBus.execute<GetRealmDomainsQuery, RealmDomain[]>(new GetRealmDomainsQuery(user.realmId))).map(presentRealmDomain) };
  }

  @Post()
  @Authorize(requireRealmOwner)
  add(@CurrentUser() user: Actor, @Params(AddDomainParams) p: AddDomainParams): Promise<{ new_domain: [number, string] }> {
    return this.commandBus.execute(new AddRealmDomainCommand(user, normalizedRealmDomain(p.domain), p.allow_subdomains));
  }

  @Patch(':domain')
  @Authorize(requireRealmOwner)
  change(@CurrentUser() user: Actor, @Params(ChangeDomainParams) p: ChangeDomainParams): Promise<Record<string, never>> {
    return this.commandBus.execute(new ChangeRealmDomainCommand(user, p.domain, p.allow_subdomains));
  }

  @Delete(':domain')
  @Authorize(requireRealmOwner)
  remove(@CurrentUser() user: Actor, @Params(DomainPathParams) p: DomainPathParams): Promise<Record<string, never>> {
    return this.commandBus.execute(new RemoveRealmDomainCommand(user, p.domain));
  }
}
