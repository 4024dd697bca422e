/** The realm table's read relations, for other modules' statements. */
export { realmRelation, realmSubdomainSql } from '../persistence/realm.read-relations';
