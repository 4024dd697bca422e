import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module';
import { ChannelsModule } from '../channels/channels.module';
import { GroupsModule } from '../groups/groups.module';
import { MessagesModule } from '../messages/messages.module';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { InviteAccess } from './access/invite-access';
import { InvitesController } from './api/invites.controller';
import { AcceptInvitationHandler } from './commands/accept-invitation.command';
import {
  CreateMultiuseInviteHandler,
  ExpireInvitesOfUserHandler,
  ResendInviteHandler,
  RevokeInviteHandler,
  SendInvitesHandler,
} from './commands/invite.commands';
import { InvitationMailer } from './commands/invitation-mailer';
import { InvitationWrites } from './commands/invitation-writes';
import { RevokeAddressInvitationsHandler } from './commands/revoke-address-invitations.command';
import { AddressJoinedEffects } from './events/address-joined.effects';
import { InviteEventProjections } from './events/invite-event.projections';
import { InviterDeactivatedEffects } from './events/inviter-deactivated.effects';
import { InvitationStore } from './persistence/invitation.store';
import { GetInvitesHandler } from './queries/get-invites.query';
import { InvitationKeys } from './queries/invitation-keys';

/**
 * Invitations (Zulip's PreregistrationUser and MultiuseInvite with their confirmation
 * keys): the `/invites` API, the invitation emails, `invites_changed`, and for the
 * sign-up pages `InvitationKeys` (what a `/join/<key>/` opens) and
 * `AcceptInvitationCommand` (the account an email invitation creates; a reusable link's
 * accounts are the sign-up module's, after a mailed confirmation).
 */
@Module({
  imports: [RealmModule, UsersModule, GroupsModule, ChannelsModule, AdminModule, MessagesModule],
  controllers: [InvitesController],
  providers: [
    InvitationStore,
    InviteAccess,
    InvitationWrites,
    InvitationMailer,
    InvitationKeys,
    SendInvitesHandler,
    CreateMultiuseInviteHandler,
    RevokeInviteHandler,
    ResendInviteHandler,
    AcceptInvitationHandler,
    ExpireInvitesOfUserHandler,
    RevokeAddressInvitationsHandler,
    GetInvitesHandler,
    InviteEventProjections,
    InviterDeactivatedEffects,
    AddressJoinedEffects,
  ],
  exports: [InvitationKeys],
})
export class InvitesModule {}
