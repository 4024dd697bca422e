import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChannelAccessLoader } from '../../channels/access/channel-access.loader';
import { ChannelDirectory } from '../../channels/queries/channel-directory';
import { StreamRow } from '../../channels/public/stream-row';
import { normalizeTopic } from '../../shared/message-content';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { VisibilityPolicy } from '../public/visibility-policy';
import { UserTopicRepository } from '../persistence/user-topic.repository';
import { UserTopicWriter } from './user-topic.writer';
import { Database } from '../../platform/database/database';

export type ChannelRef = { id: number } | { name: string };

/**
 * `POST /user_topics` and the deprecated `PATCH /users/me/subscriptions/muted_topics`
 * (`legacy`, which only mutes and unmutes and names its errors differently).
 */
export class SetTopicVisibilityCommand {
  constructor(
    readonly user: Actor,
    readonly channel: ChannelRef,
    readonly topic: string,
    readonly policy: VisibilityPolicy,
    readonly legacy: boolean,
  ) {}
}

@CommandHandler(SetTopicVisibilityCommand)
export class SetTopicVisibilityHandler implements ICommandHandler<SetTopicVisibilityCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly channels: ChannelDirectory,
    private readonly access: ChannelAccessLoader,
    private readonly topics: UserTopicRepository,
    private readonly writer: UserTopicWriter,
    private readonly database: Database,
  ) {}

  async execute(command: SetTopicVisibilityCommand): Promise<void> {
    // The empty topic's display name (and "(no topic)") means the empty topic.
    const topic = normalizeTopic(command.topic);
    await this.tx.run(async () => {
      const stream =
        command.policy === VisibilityPolicy.Inherit ? await this.forClearing(command) : await this.forSetting(command);
      await this.writer.set(command.user, { id: stream.id, recipientId: stream.recipientId as number }, topic, command.policy);
    });
  }

  /** Setting a policy takes access to the channel's content (Zulip's access_stream_by_*). */
  private async forSetting({ user, channel }: SetTopicVisibilityCommand): Promise<StreamRow> {
    const accessed = 'id' in channel ? await this.access.requireById(user, channel.id) : await this.access.requireByName(user, channel.name);
    return accessed.stream;
  }

  /**
   * Clearing a policy works without access, so a user who left a private channel can
   * still clean up, but only in a channel where they have policies: anyone else is
   * answered as for a channel that does not exist, which keeps private channels unseen.
   */
  private async forClearing({ user, channel, legacy }: SetTopicVisibilityCommand): Promise<StreamRow> {
    const missing = () => ApiError.badRequest(legacy ? 'Topic is not muted' : 'Invalid channel ID');
    const stream = 'id' in channel
      ? await this.channels.findById(user.realmId, channel.id)
      : await this.channels.findByName(user.realmId, channel.name);
    if (!stream) throw missing();
    try {
      await this.access.requireById(user, stream.id);
    } catch (error) {
      if (!(error instanceof ApiError) || !(await this.topics.hasAnyInChannel(user.id, stream.id))) throw missing();
    }
    return stream;
  }
}
