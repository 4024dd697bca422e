/** The linkifiers module's read relation, for other modules' statements (docs/architecture.md). */
export { realmFilterRelation } from '../persistence/linkifiers.read-relations';
