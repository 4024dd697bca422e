/** The channels module's read relations, for other modules' statements (docs/architecture.md). */
export { streamRelation, subscriptionRelation } from '../persistence/channels.read-relations';
