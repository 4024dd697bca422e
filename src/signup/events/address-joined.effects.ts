import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { UserCreatedEvent } from '../../users/events/user-events';
import { SpendAddressSignupLinksCommand } from '../commands/spend-address-signup-links.command';

/**
 * A new human's address has its account: its pending sign-up links are spent after the
 * creation's commit (user creation lives in a module this one imports). A link used
 * meanwhile is refused anyway: the address already has its account.
 */
@Injectable()
export class SignupAddressJoinedEffects {
  private readonly logger = new Logger(SignupAddressJoinedEffects.name);

  constructor(private readonly commandBus: CommandBus) {}

  @OnCommitted(UserCreatedEvent)
  spendLinks(event: UserCreatedEvent): void {
    if (event.user.isBot) return;
    this.commandBus
      .execute(new SpendAddressSignupLinksCommand(event.user.realmId, event.user.deliveryEmail))
      .catch((error: Error) => this.logger.error(`spending the sign-up links of user ${event.user.id} failed: ${error.message}`));
  }
}
