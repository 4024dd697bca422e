import { Injectable } from '@nestjs/common';
import { ReaderSlot } from '../../platform/modules/reader-slot';

/** What the users module reads of channels: read relations of the channels module, joined inside one statement. */
export interface UserChannelRelations {
  /** Every channel, archived ones too: `id`, `name` and `invite_only`, as the relation named `alias`. */
  channelNamesAndPrivacy(alias: string): string;
  /** The active subscriptions, of channels and group conversations: `user_profile_id`, `recipient_id` and `is_user_active`. */
  activeSubscriptions(alias: string): string;
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
