/** The users module's read relations, for other modules' statements. */
export { activeUserIds, userPresenceFacts } from '../persistence/users.read-relations';
