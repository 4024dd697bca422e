import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { UserDeactivatedEvent } from '../../users/events/user-events';
import { ExpireInvitesOfUserCommand } from '../commands/invite.commands';

/**
 * Zulip's `do_deactivate_user` revokes the invitations the user sent. Here it follows the
 * deactivation's commit (the admin module cannot call this one: this one imports it).
 */
@Injectable()
export class InviterDeactivatedEffects {
  private readonly logger = new Logger(InviterDeactivatedEffects.name);

  constructor(private readonly commandBus: CommandBus) {}

  @OnCommitted(UserDeactivatedEvent)
  expireInvitations(event: UserDeactivatedEvent): void {
    this.commandBus
      .execute(new ExpireInvitesOfUserCommand(event.realmId, event.userId))
      .catch((error: Error) => this.logger.error(`expiring the invitations of user ${event.userId} failed: ${error.message}`));
  }
}
