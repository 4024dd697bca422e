import { RealmEntity, StreamKey, UserProfileKey } from './realm/persistence/realm.entity';

/**
 * The tables code reads through TypeORM's repositories (realm), plus the primary keys its
 * foreign keys point at. Every other table is read and written with SQL and mapped to a
 * plain row type by its repository (`UserRow`, `StreamRow`, ...): the hot paths need
 * statements TypeORM does not write. `npm run schema:check` holds the entities to the
 * migrated schema.
 *
 * Named here, beside the composition root, and handed to the data source by it
 * (`DatabaseModule.forRoot` in app.module.ts, ormconfig.ts for TypeORM's CLI): the
 * database layer in platform/ knows no module's tables.
 */
export const DATABASE_ENTITIES = [RealmEntity, UserProfileKey, StreamKey];
