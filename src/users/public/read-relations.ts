/** The users module's read relations, for other modules' statements (docs/architecture.md). */
export { recipientRelation, userProfileRelation } from '../persistence/users.read-relations';
