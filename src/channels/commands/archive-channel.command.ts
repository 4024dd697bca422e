import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { ChannelArchivedEvent } from '../events/channel-update-events';
import { ChannelAccessLoader } from '../access/channel-access.loader';
import { ChannelViewers } from '../queries/channel-viewers';
import { DefaultChannels } from '../persistence/default-channels';
import { Database } from '../../platform/database/database';

/**
 * `DELETE /streams/{stream_id}`: Zulip's do_deactivate_stream at feature level 372. The
 * channel keeps its name, subscriptions and messages; it stops being a default channel.
 */
export class ArchiveChannelCommand {
  constructor(
    readonly user: Actor,
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
    private readonly database: Database,
  ) {}

  async execute({ user, streamId }: ArchiveChannelCommand): Promise<void> {
    await this.tx.run(async () => {
      const { stream } = await this.access.requireAdministrable(user, streamId);
      if (stream.deactivated) throw ApiError.badRequest('Channel is already deactivated');
      await this.defaults.set(stream.realmId, stream.id, false);
      const { metadata } = await this.viewers.of(stream);
      await this.database.query(`UPDATE stream SET deactivated = true WHERE id = $1`, [stream.id]);
      this.database.record(new ChannelArchivedEvent(stream.realmId, stream.id, stream.name, metadata));
    });
  }
}
