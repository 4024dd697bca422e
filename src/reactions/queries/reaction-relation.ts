import { Injectable } from '@nestjs/common';
import { messageRelationSource, ProvidesMessageRelation } from '../../messages/queries/message-relations';
import { reactionRelation } from '../persistence/reactions.read-relations';

/** The `reaction` read relation, for the statements loading and searching messages. */
@ProvidesMessageRelation()
@Injectable()
export class ReactionRelationForMessages extends messageRelationSource('reaction', reactionRelation) {}
