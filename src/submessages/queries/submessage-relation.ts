import { Injectable } from '@nestjs/common';
import { messageRelationSource, ProvidesMessageRelation } from '../../messages/queries/message-relations';
import { submessageRelation } from '../persistence/submessages.read-relations';

/** The `submessage` read relation, for the statement loading messages. */
@ProvidesMessageRelation()
@Injectable()
export class SubmessageRelationForMessages extends messageRelationSource('submessage', submessageRelation) {}
