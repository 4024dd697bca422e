/** The user-topics module's read relation, for other modules' statements (docs/architecture.md). */
export { userTopicRelation } from '../persistence/user-topics.read-relations';
