import { Injectable } from '@nestjs/common';
import { messageRelationSource, ProvidesMessageRelation } from '../../messages/queries/message-relations';
import { mutedUserRelation } from '../persistence/muted-users.read-relations';

/** The `muted_user` read relation, for the statement sending a message (who muted the sender). */
@ProvidesMessageRelation()
@Injectable()
export class MutedUserRelationForMessages extends messageRelationSource('muted_user', mutedUserRelation) {}
