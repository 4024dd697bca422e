import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module';
import { GroupsModule } from '../groups/groups.module';
import { InvitesModule } from '../invites/invites.module';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { SignupController } from './api/signup.controller';
import { RegisterFromSignupLinkHandler, RequestSignupHandler } from './commands/signup.commands';
import { SpendAddressSignupLinksHandler } from './commands/spend-address-signup-links.command';
import { SignupAddressJoinedEffects } from './events/address-joined.effects';
import { SignupConfirmationStore } from './persistence/signup-confirmation.store';
import { SignupLinks } from './queries/signup-links';

/**
 * The sign-up pages: self-sign-up and reusable invitation links (an address, a mailed
 * one-day link, the registration form; a reusable link's account gets what the link
 * gives) and the email invitations' registration form, which the invites module's
 * `InvitationKeys` and `AcceptInvitationCommand` serve. Offers nothing to other modules.
 */
@Module({
  imports: [RealmModule, UsersModule, AdminModule, GroupsModule, InvitesModule],
  controllers: [SignupController],
  providers: [SignupConfirmationStore, SignupLinks, RequestSignupHandler, RegisterFromSignupLinkHandler, SpendAddressSignupLinksHandler, SignupAddressJoinedEffects],
})
export class SignupModule {}
