import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ChannelDirectory } from '../../channels/queries/channel-directory';
import { SendInvitesCommand } from '../../invites/commands/invite.commands';
import { ApiError } from '../../shared/api-error';
import { InviteSettings } from '../../platform/config/settings';
import { RequestPasswordResetCommand } from '../../users/commands/password-reset.commands';
import { actorOf } from '../../users/public/user-row';
import { ROLE_NAMES } from '../../shared/roles';
import { UserDirectory } from '../../users/queries/user-directory';
import { longestStandingOwnerId, OperationError } from './cli-operations';

/** `manage invite`'s options. */
export interface CliInvitation {
  emails: string;
  role?: string;
  channels?: string;
  from?: string;
  expiresDays?: string;
}

/**
 * The CLI commands that mail people: email invitations and password reset links. They go
 * through the API's own commands (`POST /invites`, the reset form), so the mail, its limits
 * and its events are the same; the mail leaves with the server's next outbox sweep.
 */
@Injectable()
export class CliMailCommands {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly users: UserDirectory,
    private readonly channels: ChannelDirectory,
    private readonly dataSource: DataSource,
    private readonly invites: InviteSettings,
  ) {}

  /**
   * Invites by email as `--from` (default: the realm's longest-standing owner), with that
   * person's permissions: Zulip's own checks apply, as if they had used the invite form.
   */
  async invite(realmId: number, options: CliInvitation): Promise<{ invited: string[]; invited_by: string; invite_as: string; channels: string[] }> {
    const roleName = options.role ?? 'member';
    const inviteAs = ROLE_NAMES[roleName];
    if (inviteAs === undefined) throw new OperationError(`--role must be one of ${Object.keys(ROLE_NAMES).join(', ')}`);
    const inviter = await this.inviter(realmId, options.from);
    const names = (options.channels ?? '').split(',').map((name) => name.trim()).filter((name) => name !== '');
    const found = await this.channels.findByNames(realmId, names);
    const missing = names.filter((name) => !found.some((channel) => channel.name.toLowerCase() === name.toLowerCase()));
    if (missing.length > 0) throw new OperationError(`no channel named ${missing.map((name) => `'${name}'`).join(', ')} in this realm`);
    const expiresDays = options.expiresDays === undefined ? this.invites.validityDays : Number(options.expiresDays);
    if (!Number.isInteger(expiresDays) || expiresDays < 0) throw new OperationError('--expires-days must be a whole number of days (0: never)');
    const invited = await this.send(
      new SendInvitesCommand(
        actorOf(inviter),
        options.emails,
        {
          inviteAs,
          expiresInMinutes: expiresDays === 0 ? null : expiresDays * 24 * 60,
          streamIds: found.map((channel) => channel.id),
          groupIds: [],
          // Without --channels, the person joins the realm's default channels, as a sign-up does.
          includeRealmDefaultSubscriptions: names.length === 0,
        },
        false,
      ),
    );
    return { invited, invited_by: inviter.deliveryEmail, invite_as: roleName, channels: found.map((channel) => channel.name) };
  }

  /** Sends, spelling out a refusal address by address (the API puts those in `errors`). */
  private async send(command: SendInvitesCommand): Promise<string[]> {
    try {
      return await this.commandBus.execute<SendInvitesCommand, string[]>(command);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'INVITATION_FAILED') throw error;
      const problems = (error.data.errors as [string, string, boolean][]).map(([email, msg]) => `\n  ${email}: ${msg}`).join('');
      const sent = error.data.sent_invitations === true ? '\nThe other addresses were invited.' : '';
      throw new OperationError(`${error.msg}${problems}${sent}`);
    }
  }

  /** Zulip's `manage.py send_password_reset_email`, for one active account. */
  async sendPasswordReset(realmId: number, email: string): Promise<{ user_id: number; email: string }> {
    const user = await this.users.findByDeliveryEmail(realmId, email);
    if (!user || user.isBot) throw new OperationError(`no user '${email}' in this realm`);
    if (!user.isActive) throw new OperationError(`user '${email}' is deactivated: reactivate-user first`);
    await this.commandBus.execute(new RequestPasswordResetCommand(realmId, user.deliveryEmail));
    return { user_id: user.id, email: user.deliveryEmail };
  }

  private async inviter(realmId: number, email: string | undefined) {
    if (email !== undefined) {
      const named = await this.users.findByDeliveryEmail(realmId, email);
      if (!named || !named.isActive || named.isBot) throw new OperationError(`no active user '${email}' in this realm to invite as`);
      return named;
    }
    const ownerId = await longestStandingOwnerId(this.dataSource, realmId);
    const row = ownerId === null ? null : await this.users.findById(ownerId);
    if (!row) throw new OperationError('the realm has no active owner to invite as: pass --from EMAIL');
    return row;
  }
}
