import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module';
import { InvitesModule } from '../invites/invites.module';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { SignupController } from './api/signup.controller';
import { RegisterFromSignupLinkHandler, RequestSignupHandler } from './commands/signup.commands';
import { SignupConfirmationStore } from './persistence/signup-confirmation.store';
import { SignupLinks } from './queries/signup-links';

/**
 * The sign-up pages: self-sign-up (an address, a mailed one-day link, the registration
 * form) and the invitation links' registration form, which the invites module's
 * `InvitationKeys` and `AcceptInvitationCommand` serve. Offers nothing to other modules.
 */
@Module({
  imports: [RealmModule, UsersModule, AdminModule, InvitesModule],
  controllers: [SignupController],
  providers: [SignupConfirmationStore, SignupLinks, RequestSignupHandler, RegisterFromSignupLinkHandler],
})
export class SignupModule {}
