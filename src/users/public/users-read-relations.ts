// The users module's read relations, for other modules' persistence (see the file they come from).
export { activeUserIds, userPresenceFacts } from '../persistence/users.read-relations';
