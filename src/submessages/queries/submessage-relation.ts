import { messageRelationSource } from '../../messages/queries/message-relations';
import { submessageRelation } from '../persistence/submessages.read-relations';

/** The `submessage` read relation, for the statement loading messages. */
export class SubmessageRelationForMessages extends messageRelationSource('submessage', submessageRelation) {}
