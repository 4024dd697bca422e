/** The muted-users module's read relation, for other modules' statements (docs/architecture.md). */
export { mutedUserRelation } from '../persistence/muted-users.read-relations';
