import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { ApiKeyRegeneratedEvent } from '../../users/events/user-events';
import { ClearPushDevicesCommand } from '../commands/push-device.commands';

/**
 * Zulip's `do_regenerate_api_key` queues `clear_push_device_tokens` after its commit: the
 * phones logged in with the old key stop getting notifications. The same here, in a
 * transaction of its own after the new key committed; a failure is logged. (Zulip's
 * deactivation keeps the rows: a deactivated user is sent no notifications anyway.)
 */
@Injectable()
export class PushDeviceEffects {
  private readonly logger = new Logger(PushDeviceEffects.name);

  constructor(private readonly commandBus: CommandBus) {}

  @OnCommitted(ApiKeyRegeneratedEvent)
  forgetDevicesOfOldKey(event: ApiKeyRegeneratedEvent): void {
    this.commandBus
      .execute(new ClearPushDevicesCommand(event.userId))
      .catch((error: Error) => this.logger.error(`clearing the push devices of user ${event.userId} failed: ${error.message}`));
  }
}
