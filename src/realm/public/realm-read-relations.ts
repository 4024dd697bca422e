/** The realm table's read relations, for other modules' statements. */
export { realmSubdomainSql } from '../persistence/realm.read-relations';
