/** The realm table's read relations, for other modules' statements. */
export { activeRealmSubdomains, realmCreationDates, realmSubdomainSql } from '../persistence/realm.read-relations';
