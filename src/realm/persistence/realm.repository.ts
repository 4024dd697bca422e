import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { RealmEntity } from './realm.entity';

/** Realm lookups. Subdomain-to-id is cached: a realm's subdomain never changes. */
@Injectable()
export class RealmRepository {
  private readonly idBySubdomain = new Map<string, number>();

  constructor(private readonly dataSource: DataSource) {}

  async findBySubdomain(subdomain: string): Promise<RealmEntity | null> {
    const repository = this.dataSource.getRepository(RealmEntity);
    const cachedId = this.idBySubdomain.get(subdomain);
    const realm = cachedId !== undefined
      ? await repository.findOneBy({ id: cachedId })
      : await repository.findOneBy({ stringId: subdomain });
    if (realm) this.idBySubdomain.set(subdomain, realm.id);
    return realm;
  }

  async findById(id: number, uow?: UnitOfWork): Promise<RealmEntity | null> {
    const manager = uow ? uow.manager : this.dataSource.manager;
    return manager.getRepository(RealmEntity).findOneBy({ id });
  }

  async requireById(id: number, uow?: UnitOfWork): Promise<RealmEntity> {
    const realm = await this.findById(id, uow);
    if (!realm) throw new Error(`realm ${id} does not exist`);
    return realm;
  }
}
