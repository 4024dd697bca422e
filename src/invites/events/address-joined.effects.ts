import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { UserCreatedEvent } from '../../users/events/user-events';
import { RevokeAddressInvitationsCommand } from '../commands/revoke-address-invitations.command';

/**
 * A new human's address has its account: its other pending email invitations are revoked
 * after the creation's commit (user creation lives in a module this one imports). An
 * invitation accepted meanwhile is refused anyway: the address already has its account.
 */
@Injectable()
export class AddressJoinedEffects {
  private readonly logger = new Logger(AddressJoinedEffects.name);

  constructor(private readonly commandBus: CommandBus) {}

  @OnCommitted(UserCreatedEvent)
  revokeInvitations(event: UserCreatedEvent): void {
    if (event.user.isBot) return;
    this.commandBus
      .execute(new RevokeAddressInvitationsCommand(event.user.realmId, event.user.deliveryEmail))
      .catch((error: Error) => this.logger.error(`revoking the invitations of user ${event.user.id} failed: ${error.message}`));
  }
}
