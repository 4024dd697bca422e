import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../platform/database/database';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { requireRealmOwner } from '../../shared/authorization';
import { Actor } from '../../shared/actor';
import { RealmDomainChange, RealmDomainsChangedEvent } from '../events/realm-domains-changed.event';
import { RealmSettingsChangedEvent } from '../events/realm-settings-changed.event';
import { RealmDomainStore } from '../persistence/realm-domain.store';
import { RealmUserReader } from '../public/users.port';
import { effectiveRealmProperties } from '../public/realm-properties';

/** `POST /realm/domains`: a domain already normalized (normalizedRealmDomain). */
export class AddRealmDomainCommand {
  constructor(readonly actor: Actor, readonly domain: string, readonly allowSubdomains: boolean) {}
}

/** `PATCH /realm/domains/{domain}`: the domain as the path names it. */
export class ChangeRealmDomainCommand {
  constructor(readonly actor: Actor, readonly domain: string, readonly allowSubdomains: boolean) {}
}

/** `DELETE /realm/domains/{domain}`: the domain as the path names it. */
export class RemoveRealmDomainCommand {
  constructor(readonly actor: Actor, readonly domain: string) {}
}

/** Zulip's answer for a domain the realm does not have, named as the path named it (no case folding). */
function noEntryFor(domain: string): ApiError {
  return ApiError.badRequest(`No entry found for domain ${domain}.`);
}

async function recordDomainChange(database: Database, users: RealmUserReader, realmId: number, change: RealmDomainChange): Promise<void> {
  database.record(new RealmDomainsChangedEvent(realmId, await users.allActiveUserIds(realmId), change));
}

/** Zulip's `create_realm_domain` and `do_add_realm_domain` (organization owners). */
@CommandHandler(AddRealmDomainCommand)
export class AddRealmDomainHandler implements ICommandHandler<AddRealmDomainCommand, { new_domain: [number, string] }> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: RealmDomainStore,
    private readonly users: RealmUserReader,
    private readonly database: Database,
  ) {}

  execute({ actor, domain, allowSubdomains }: AddRealmDomainCommand): Promise<{ new_domain: [number, string] }> {
    requireRealmOwner(actor);
    return this.tx.run(async () => {
      const id = await this.store.insert(actor.realmId, domain, allowSubdomains);
      if (id === null) throw ApiError.badRequest(`The domain ${domain} is already a part of your organization.`);
      await recordDomainChange(this.database, this.users, actor.realmId, { op: 'add', realmDomain: { domain, allowSubdomains } });
      return { new_domain: [id, domain] };
    });
  }
}

/** Zulip's `patch_realm_domain` and `do_change_realm_domain`: saved and told even when unchanged. */
@CommandHandler(ChangeRealmDomainCommand)
export class ChangeRealmDomainHandler implements ICommandHandler<ChangeRealmDomainCommand, Record<string, never>> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: RealmDomainStore,
    private readonly users: RealmUserReader,
    private readonly database: Database,
  ) {}

  execute({ actor, domain, allowSubdomains }: ChangeRealmDomainCommand): Promise<Record<string, never>> {
    requireRealmOwner(actor);
    return this.tx.run(async () => {
      if (!(await this.store.setAllowSubdomains(actor.realmId, domain, allowSubdomains))) throw noEntryFor(domain);
      await recordDomainChange(this.database, this.users, actor.realmId, { op: 'change', realmDomain: { domain, allowSubdomains } });
      return {};
    });
  }
}

/**
 * Zulip's `delete_realm_domain` and `do_remove_realm_domain`. Removing the last domain of a
 * realm restricted to its domains lifts the restriction (which would refuse everyone): that
 * `realm` update goes out before the `realm_domains` removal, as in Zulip.
 */
@CommandHandler(RemoveRealmDomainCommand)
export class RemoveRealmDomainHandler implements ICommandHandler<RemoveRealmDomainCommand, Record<string, never>> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: RealmDomainStore,
    private readonly users: RealmUserReader,
    private readonly database: Database,
  ) {}

  execute({ actor, domain }: RemoveRealmDomainCommand): Promise<Record<string, never>> {
    requireRealmOwner(actor);
    return this.tx.run(async () => {
      const properties = await this.store.lockRealm(actor.realmId);
      if (!(await this.store.delete(actor.realmId, domain))) throw noEntryFor(domain);
      if ((await this.store.count(actor.realmId)) === 0 && effectiveRealmProperties(properties).emails_restricted_to_domains === true) {
        await this.store.clearEmailsRestrictedToDomains(actor.realmId);
        const change = { kind: 'property' as const, property: 'emails_restricted_to_domains', value: false };
        this.database.record(new RealmSettingsChangedEvent(actor.realmId, [change], await this.users.allActiveUserIds(actor.realmId)));
      }
      await recordDomainChange(this.database, this.users, actor.realmId, { op: 'remove', domain });
      return {};
    });
  }
}
