/** The linkifier table's read relations, for other modules' statements. */
export { linkifierRulesJsonSql } from '../persistence/linkifier.read-relations';
