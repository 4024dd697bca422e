import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { InviteSettings } from '../../platform/config/settings';
import { ApiError } from '../../shared/api-error';
import { requireMemberOrAdmin } from '../../shared/authorization';
import { Role } from '../../shared/roles';
import { Authorize } from '../../wire/authorize.guard';
import { CurrentUser } from '../../wire/decorators';
import { expectIntegerList } from '../../shared/json-shapes';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import {
  CreateMultiuseInviteCommand,
  InvitationTerms,
  ResendInviteCommand,
  RevokeInviteCommand,
  SendInvitesCommand,
} from '../commands/invite.commands';
import { checkInviteAs } from '../domain/invite-rules';
import { GetInvitesQuery, InviteWire } from '../queries/get-invites.query';

class TermsParams {
  @WireParam('json', { optional: true }) group_ids?: unknown;
  @WireParam('bool', { optional: true }) include_realm_default_subscriptions?: boolean;
  @WireParam('int', { optional: true }) invite_as?: number;
  @WireParam('json', { optional: true }) invite_expires_in_minutes?: unknown;
}

class SendInvitesParams extends TermsParams {
  @WireParam('string') invitee_emails!: string;
  @WireParam('bool', { optional: true }) notify_referrer_on_join?: boolean;
  @WireParam('json') stream_ids!: unknown;
}

class MultiuseParams extends TermsParams {
  @WireParam('json', { optional: true }) stream_ids?: unknown;
}

class InviteIdParams {
  @WireParam('int', { path: true }) invite_id!: number;
}

/**
 * Zulip's `/invites` routes (zerver/views/invite.py): email invitations and reusable
 * links, for members and administrators (`require_member_or_admin`); the realm's group
 * settings decide who may make which.
 */
@Controller('api/v1/invites')
export class InvitesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly settings: InviteSettings,
  ) {}

  @Get()
  @Authorize(requireMemberOrAdmin)
  async list(@CurrentUser() user: Actor): Promise<{ invites: InviteWire[] }> {
    return { invites: await this.queryBus.execute<GetInvitesQuery, InviteWire[]>(new GetInvitesQuery(user)) };
  }

  @Post()
  @Authorize(requireMemberOrAdmin)
  async send(@CurrentUser() user: Actor, @Params(SendInvitesParams) p: SendInvitesParams): Promise<Record<string, never>> {
    const terms = this.terms(p, expectIntegerList('stream_ids', p.stream_ids));
    await this.commandBus.execute(new SendInvitesCommand(user, p.invitee_emails, terms, p.notify_referrer_on_join ?? true));
    return {};
  }

  @Post('multiuse')
  @Authorize(requireMemberOrAdmin)
  createLink(@CurrentUser() user: Actor, @Params(MultiuseParams) p: MultiuseParams): Promise<{ invite_link: string }> {
    const terms = this.terms(p, p.stream_ids === undefined || p.stream_ids === null ? [] : expectIntegerList('stream_ids', p.stream_ids));
    return this.commandBus.execute(new CreateMultiuseInviteCommand(user, terms));
  }

  @Delete('multiuse/:invite_id')
  @Authorize(requireMemberOrAdmin)
  async revokeLink(@CurrentUser() user: Actor, @Params(InviteIdParams) p: InviteIdParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new RevokeInviteCommand(user, p.invite_id, true));
    return {};
  }

  @Delete(':invite_id')
  @Authorize(requireMemberOrAdmin)
  async revoke(@CurrentUser() user: Actor, @Params(InviteIdParams) p: InviteIdParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new RevokeInviteCommand(user, p.invite_id, false));
    return {};
  }

  @Post(':invite_id/resend')
  @Authorize(requireMemberOrAdmin)
  async resend(@CurrentUser() user: Actor, @Params(InviteIdParams) p: InviteIdParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new ResendInviteCommand(user, p.invite_id));
    return {};
  }

  /** The parameters both kinds share, with Zulip's defaults (`INVITATION_LINK_VALIDITY_MINUTES`, member, no groups). */
  private terms(p: TermsParams, streamIds: number[]): InvitationTerms {
    const expires = p.invite_expires_in_minutes;
    if (expires !== undefined && expires !== null && (typeof expires !== 'number' || !Number.isSafeInteger(expires))) {
      throw ApiError.badRequest('invite_expires_in_minutes is not an integer');
    }
    return {
      inviteAs: checkInviteAs(p.invite_as ?? Role.Member),
      expiresInMinutes: expires === undefined ? this.settings.validityDays * 24 * 60 : expires,
      streamIds,
      groupIds: p.group_ids === undefined || p.group_ids === null ? [] : expectIntegerList('group_ids', p.group_ids),
      includeRealmDefaultSubscriptions: p.include_realm_default_subscriptions ?? false,
    };
  }
}
