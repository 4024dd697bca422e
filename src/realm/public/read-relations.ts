/** The realm module's read relations, for other modules' statements (docs/architecture.md). */
export { realmRelation, realmSubdomainSql } from '../persistence/realm.read-relations';
