import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RealmEntity } from './realm.entity';
import { Database } from '../../platform/database/database';

/** Realm lookups. Subdomain-to-id is cached: a realm's subdomain never changes. */
@Injectable()
export class RealmRepository {
  private readonly idBySubdomain = new Map<string, number>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly database: Database,
  ) {}

  async findBySubdomain(subdomain: string): Promise<RealmEntity | null> {
    const repository = this.dataSource.getRepository(RealmEntity);
    const cachedId = this.idBySubdomain.get(subdomain);
    const realm = cachedId !== undefined
      ? await repository.findOneBy({ id: cachedId })
      : await repository.findOneBy({ stringId: subdomain });
    if (realm) this.idBySubdomain.set(subdomain, realm.id);
    return realm;
  }

  async findById(id: number): Promise<RealmEntity | null> {
    const manager = this.database ? this.database.manager : this.dataSource.manager;
    return manager.getRepository(RealmEntity).findOneBy({ id });
  }

  async requireById(id: number): Promise<RealmEntity> {
    const realm = await this.findById(id);
    if (!realm) throw new Error(`realm ${id} does not exist`);
    return realm;
  }
}
