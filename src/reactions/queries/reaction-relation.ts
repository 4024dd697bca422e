import { messageRelationSource } from '../../messages/queries/message-relations';
import { reactionRelation } from '../persistence/reactions.read-relations';

/** The `reaction` read relation, for the statements loading and searching messages. */
export class ReactionRelationForMessages extends messageRelationSource('reaction', reactionRelation) {}
