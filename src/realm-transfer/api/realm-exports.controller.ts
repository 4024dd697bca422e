import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { IsIn } from 'class-validator';
import { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../shared/api-error';
import { administratorRequired, requireRealmAdmin } from '../../shared/authorization';
import { Authorize } from '../../wire/authorize.guard';
import { Context, CurrentUser, OptionalAuthEndpoint, RawResponse } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { RequestContext } from '../../wire/request-context';
import { Actor } from '../../shared/actor';
import { DeleteRealmExportCommand, RequestRealmExportCommand } from '../commands/realm-export.commands';
import { API_EXPORT_TYPES, ExportType, RealmExportWire } from '../domain/realm-exports';
import { ExportDownload, GetExportConsentsQuery, GetRealmExportsQuery, OpenRealmExportQuery } from '../queries/realm-export.queries';

class ExportRealmParams {
  // Zulip's check_int_in_validator: 1 (public) or 2 (full with consent), 1 when not given; a
  // refusal in typed_endpoint's words for a validator's ValueError ("Invalid {var_name}: {msg}").
  @WireParam('int', { default: ExportType.Public })
  @IsIn(API_EXPORT_TYPES, { message: 'Invalid export_type: Value error, Not in the list of possible values' })
  export_type!: number;
}

class ExportIdParams {
  @WireParam('int', { path: true }) export_id!: number;
}

/**
 * Zulip's data exports (zerver/views/realm_export.py): administrators list, start and
 * delete exports of their organization and see who consents to a full one; the archive
 * is downloaded from its `export_url` by the realm's administrators.
 */
@Controller()
export class RealmExportsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('api/v1/export/realm')
  @Authorize(requireRealmAdmin)
  async list(@CurrentUser() user: Actor): Promise<{ exports: RealmExportWire[] }> {
    return { exports: await this.queryBus.execute<GetRealmExportsQuery, RealmExportWire[]>(new GetRealmExportsQuery(user)) };
  }

  @Post('api/v1/export/realm')
  @Authorize(requireRealmAdmin)
  create(@CurrentUser() user: Actor, @Params(ExportRealmParams) p: ExportRealmParams): Promise<{ id: number }> {
    return this.commandBus.execute(new RequestRealmExportCommand(user, p.export_type as ExportType));
  }

  @Delete('api/v1/export/realm/:export_id')
  @Authorize(requireRealmAdmin)
  remove(@CurrentUser() user: Actor, @Params(ExportIdParams) p: ExportIdParams): Promise<Record<string, never>> {
    return this.commandBus.execute(new DeleteRealmExportCommand(user, p.export_id));
  }

  @Get('api/v1/export/realm/consents')
  @Authorize(requireRealmAdmin)
  async consents(@CurrentUser() user: Actor): Promise<{ export_consents: { user_id: number; consented: boolean }[] }> {
    return { export_consents: await this.queryBus.execute(new GetExportConsentsQuery(user)) };
  }

  /** The archive of a finished export, for the administrators of its realm. */
  @Get('user_avatars/exports/*')
  @OptionalAuthEndpoint()
  @RawResponse()
  async download(@Context() context: RequestContext, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const wildcard = (request.params as Record<string, string>)['*'] ?? '';
    const found = await this.queryBus.execute<OpenRealmExportQuery, ExportDownload>(
      new OpenRealmExportQuery(context.requireRealm().id, context.user, wildcard),
    );
    switch (found.kind) {
      case 'anonymous':
        throw ApiError.unauthorized('Not logged in: API authentication or user session required');
      case 'forbidden':
        throw administratorRequired();
      case 'missing':
        await reply.code(404).header('Content-Type', 'text/html; charset=utf-8').send('<p>File not found.</p>');
        return;
      case 'allowed':
        await reply
          .header('Content-Type', 'application/gzip')
          .header('Content-Length', String(found.size))
          .header('Content-Disposition', `attachment; filename="${found.filename}"`)
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .send(found.stream);
    }
  }
}
