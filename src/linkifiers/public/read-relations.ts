/** The linkifier table's read relations, for other modules' statements. */
export { linkifierRulesJsonSql, realmFilterRelation } from '../persistence/linkifier.read-relations';
