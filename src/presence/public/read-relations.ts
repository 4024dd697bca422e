/** The presence module's read relation, for other modules' statements (docs/architecture.md). */
export { presenceRelation } from '../persistence/presence.read-relations';
