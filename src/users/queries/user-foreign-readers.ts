import { Injectable } from '@nestjs/common';
import { ReaderSlot } from '../../platform/modules/reader-slot';

/** What the users module reads of channels: read relations of the channels module, joined inside one statement. */
export interface UserChannelRelations {
  /** Every channel (`streamRelation` of the channels' read relations), as the relation named `alias`. */
  streamRelation(alias: string): string;
  /** Every subscription (`subscriptionRelation`), as the relation named `alias`. */
  subscriptionRelation(alias: string): string;
}

/** The channels module's read relations for users (channels sit above users, which so cannot import them); channels fills it at start-up. */
@Injectable()
export class UserChannels extends ReaderSlot<UserChannelRelations> {
  protected readonly description = 'the channels relations of the users module';
}

/** What the users module reads of messages, from the messages module. */
export interface UserMessageReader {
  /** The user's newest message id, -1 when they have none. */
  maxMessageId(userId: number): Promise<number>;
}

/** The messages module's reader for users (messages sit above users, which so cannot import them); messages fills it at start-up. */
@Injectable()
export class UserMessages extends ReaderSlot<UserMessageReader> {
  protected readonly description = 'the messages reader of the users module';
}
