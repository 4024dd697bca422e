/** The messages module's read relations, for other modules' statements (docs/architecture.md). */
export { messageRelation, userMessageRelation } from '../persistence/messages.read-relations';
