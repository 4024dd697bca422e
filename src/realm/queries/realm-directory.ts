import { Injectable } from '@nestjs/common';
import { sharedValue } from '../../platform/database/unit-of-work';
import { RealmEntity } from '../persistence/realm.entity';
import { RealmRepository } from '../persistence/realm.repository';

export type { RealmEntity };

/**
 * The realm lookups other modules make: the realm module's read facade
 * (docs/architecture.md: a module is used through its public surface), so its repository stays its own. Subdomain-to-id is cached there.
 */
@Injectable()
export class RealmDirectory {
  constructor(private readonly realms: RealmRepository) {}

  findBySubdomain(subdomain: string): Promise<RealmEntity | null> {
    return this.realms.findBySubdomain(subdomain);
  }

  findById(id: number): Promise<RealmEntity | null> {
    return this.realms.findById(id);
  }

  /**
   * The realm, which must exist (the caller holds one of its users or channels). Within
   * shared reads (register, whose modules each read the realm) it is read once.
   */
  requireById(id: number): Promise<RealmEntity> {
    return sharedValue(`realm:${id}`, () => this.realms.requireById(id)) ?? this.realms.requireById(id);
  }
}
