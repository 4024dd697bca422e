import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChannelAccessLoader } from '../../channels/persistence/channel-access.loader';
import { ChannelRepository } from '../../channels/persistence/channel.repository';
import { StreamRow } from '../../channels/persistence/stream-row';
import { normalizeTopic } from '../../messages/domain/message-content';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { ApiError } from '../../shared/api-error';
import { RequestUser } from '../../wire/request-context';
import { VisibilityPolicy } from '../domain/visibility-policy';
import { UserTopicRepository } from '../persistence/user-topic.repository';
import { UserTopicWriter } from '../persistence/user-topic.writer';

export type ChannelRef = { id: number } | { name: string };

/**
 * `POST /user_topics` and the deprecated `PATCH /users/me/subscriptions/muted_topics`
 * (`legacy`, which only mutes and unmutes and names its errors differently).
 */
export class SetTopicVisibilityCommand {
  constructor(
    readonly user: RequestUser,
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
    private readonly channels: ChannelRepository,
    private readonly access: ChannelAccessLoader,
    private readonly topics: UserTopicRepository,
    private readonly writer: UserTopicWriter,
  ) {}

  async execute(command: SetTopicVisibilityCommand): Promise<void> {
    // The empty topic's display name (and "(no topic)") means the empty topic.
    const topic = normalizeTopic(command.topic);
    await this.tx.run(async (uow) => {
      const stream =
        command.policy === VisibilityPolicy.Inherit ? await this.forClearing(uow, command) : await this.forSetting(uow, command);
      await this.writer.set(uow, command.user, { id: stream.id, recipientId: stream.recipientId as number }, topic, command.policy);
    });
  }

  /** Setting a policy takes access to the channel's content (Zulip's access_stream_by_*). */
  private async forSetting(uow: UnitOfWork, { user, channel }: SetTopicVisibilityCommand): Promise<StreamRow> {
    const accessed = 'id' in channel ? await this.access.requireById(user, channel.id, uow) : await this.access.requireByName(user, channel.name, uow);
    return accessed.stream;
  }

  /**
   * Clearing a policy works without access, so a user who left a private channel can
   * still clean up, but only in a channel where they have policies: anyone else is
   * answered as for a channel that does not exist, which keeps private channels unseen.
   */
  private async forClearing(uow: UnitOfWork, { user, channel, legacy }: SetTopicVisibilityCommand): Promise<StreamRow> {
    const missing = () => ApiError.badRequest(legacy ? 'Topic is not muted' : 'Invalid channel ID');
    const stream = 'id' in channel
      ? await this.channels.findById(user.realmId, channel.id, uow)
      : await this.channels.findByName(user.realmId, channel.name, uow);
    if (!stream) throw missing();
    try {
      await this.access.requireById(user, stream.id, uow);
    } catch (error) {
      if (!(error instanceof ApiError) || !(await this.topics.hasAnyInChannel(user.id, stream.id, uow))) throw missing();
    }
    return stream;
  }
}
