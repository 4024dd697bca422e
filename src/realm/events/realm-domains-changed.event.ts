import { RealmDomain } from '../public/realm-domains';

/** What a `realm_domains` event tells: `add` and `change` carry the domain, `remove` its name. */
export type RealmDomainChange =
  | { op: 'add' | 'change'; realmDomain: RealmDomain }
  | { op: 'remove'; domain: string };

/** One of the realm's domains was added, changed or removed; every active user hears of it. */
export class RealmDomainsChangedEvent {
  constructor(
    readonly realmId: number,
    readonly audienceUserIds: readonly number[],
    readonly change: RealmDomainChange,
  ) {}
}
