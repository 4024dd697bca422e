import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ChannelArchivedEvent } from '../../channels/events/channel-update-events';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { DropArchivedChannelFromGroupsCommand } from '../commands/default-channel-group.commands';

/**
 * What other modules' committed events set off in the default channel groups: an archived
 * channel leaves its groups, in a transaction of its own after the archive committed (the
 * channels module knows nothing of groups). Until then reads skip archived channels, so a
 * register never lists one; a failure is logged, and the rows stay skipped.
 */
@Injectable()
export class DefaultChannelGroupEffects {
  private readonly logger = new Logger(DefaultChannelGroupEffects.name);

  constructor(private readonly commandBus: CommandBus) {}

  @OnCommitted(ChannelArchivedEvent)
  dropArchivedChannel(event: ChannelArchivedEvent): void {
    this.commandBus
      .execute(new DropArchivedChannelFromGroupsCommand(event.realmId, event.streamId))
      .catch((error: Error) => this.logger.error(`taking archived channel ${event.streamId} out of its groups failed: ${error.message}`));
  }
}
