import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { RequestUser } from '../../wire/request-context';
import { ChannelArchivedEvent } from '../events/channel-update-events';
import { ChannelAccessLoader } from '../persistence/channel-access.loader';
import { ChannelViewers } from '../persistence/channel-viewers';
import { DefaultChannels } from '../persistence/default-channels';

/**
 * `DELETE /streams/{stream_id}`: Zulip's do_deactivate_stream at feature level 372. The
 * channel keeps its name, subscriptions and messages; it stops being a default channel.
 */
export class ArchiveChannelCommand {
  constructor(
    readonly user: RequestUser,
    readonly streamId: number,
  ) {}
}

@CommandHandler(ArchiveChannelCommand)
export class ArchiveChannelHandler implements ICommandHandler<ArchiveChannelCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly access: ChannelAccessLoader,
    private readonly viewers: ChannelViewers,
    private readonly defaults: DefaultChannels,
  ) {}

  async execute({ user, streamId }: ArchiveChannelCommand): Promise<void> {
    await this.tx.run(async (uow) => {
      const { stream } = await this.access.requireAdministrable(user, streamId, uow);
      if (stream.deactivated) throw ApiError.badRequest('Channel is already deactivated');
      await this.defaults.set(uow, stream.realmId, stream.id, false);
      const { metadata } = await this.viewers.of(stream, uow);
      await uow.query(`UPDATE stream SET deactivated = true WHERE id = $1`, [stream.id]);
      uow.record(new ChannelArchivedEvent(stream.realmId, stream.id, stream.name, metadata));
    });
  }
}
