import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply, FastifyRequest } from 'fastify';
import { UploadStore } from '../../platform/storage/upload-store';
import { ApiError } from '../../shared/api-error';
import { Context, CurrentUser, OptionalAuthEndpoint, PublicEndpoint, RawResponse } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { RequestContext } from '../../wire/request-context';
import { Actor } from '../../shared/actor';
import { DeleteAttachmentCommand } from '../commands/delete-attachment.command';
import { UploadedFileResult, UploadFileCommand } from '../commands/upload-file.command';
import { storageKey } from '../commands/upload-storage';
import { contentDisposition, servedInline } from '../domain/upload-files';
import { AttachmentDict, attachmentDict } from '../public/attachment-dict';
import { TemporaryUrls } from '../persistence/temporary-urls';
import { AttachmentRow } from '../persistence/attachment.repository';
import { CheckUploadAccessQuery, UploadAccess } from '../queries/read-upload.query';
import { GetAttachmentsQuery, OwnAttachments } from '../queries/get-attachments.query';
import { GetThumbnailCommand, ThumbnailFile } from '../commands/get-thumbnail.command';

class AttachmentIdParams {
  @WireParam('int', { path: true }) attachment_id!: number;
}

const wildcard = (request: FastifyRequest) => (request.params as Record<string, string>)['*'] ?? '';

/**
 * Message uploads: `POST /user_uploads`, the files at `/user_uploads/<realm id>/<path>`
 * (for the uploader and whoever may see a message linking them), short-lived unauthenticated
 * links, and the uploader's `GET`/`DELETE /attachments`.
 */
@Controller()
export class UploadsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly store: UploadStore,
    private readonly temporaryUrls: TemporaryUrls,
  ) {}

  /** The file is the request's file part, whatever its field is called (the Python bindings name it after the path). */
  @Post('api/v1/user_uploads')
  async upload(@CurrentUser() user: Actor, @Context() context: RequestContext): Promise<{ uri: string; url: string; filename: string }> {
    for (const file of context.files) context.usedParams.add(file.fieldName);
    const result = await this.commandBus.execute<UploadFileCommand, UploadedFileResult>(new UploadFileCommand(user, context.files));
    return { uri: result.url, url: result.url, filename: result.filename };
  }

  @Get('api/v1/attachments')
  async list(@CurrentUser() user: Actor): Promise<{ attachments: AttachmentDict[]; upload_space_used: number }> {
    const own = await this.queryBus.execute<GetAttachmentsQuery, OwnAttachments>(new GetAttachmentsQuery(user));
    return { attachments: own.attachments.map(attachmentDict), upload_space_used: own.uploadSpaceUsed };
  }

  @Delete('api/v1/attachments/:attachment_id')
  async remove(@CurrentUser() user: Actor, @Params(AttachmentIdParams) p: AttachmentIdParams): Promise<Record<string, never>> {
    await this.commandBus.execute(new DeleteAttachmentCommand(user, p.attachment_id));
    return {};
  }

  /** Zulip's serve_file_url_backend: a link to the file that works without credentials for a minute. */
  @Get('api/v1/user_uploads/*')
  @RawResponse()
  async temporaryUrl(@Context() context: RequestContext, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const access = await this.access(context, wildcard(request));
    if (access.kind !== 'allowed') return this.refuse(reply, access);
    const url = await this.temporaryUrls.urlFor(access.attachment.pathId);
    await reply.header('Content-Type', 'application/json').send(JSON.stringify({ result: 'success', msg: '', url }));
  }

  /** A wildcard rather than `:token/:filename`: tokens outgrow the router's parameter length limit. */
  @Get('user_uploads/temporary/*')
  @PublicEndpoint()
  @RawResponse()
  async serveTemporary(@Context() context: RequestContext, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const [token = '', filename = '', ...rest] = wildcard(request).split('/');
    if (rest.length > 0) return this.refuse(reply, { kind: 'missing' });
    const pathId = await this.temporaryUrls.pathIdOf(token);
    if (pathId === null) throw ApiError.badRequest('Invalid token');
    if (pathId.split('/').pop() !== filename) throw ApiError.badRequest('Invalid filename');
    const access = await this.access(context, pathId, true);
    if (access.kind !== 'allowed') return this.refuse(reply, access);
    await this.send(reply, access.attachment, false);
  }

  /** Zulip's serve_file_download_backend: the same file, always as a download. */
  @Get('user_uploads/download/*')
  @OptionalAuthEndpoint()
  @RawResponse()
  async download(@Context() context: RequestContext, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const access = await this.access(context, wildcard(request));
    if (access.kind !== 'allowed') return this.refuse(reply, access, context.user === null);
    await this.send(reply, access.attachment, true);
  }

  /**
   * Zulip's thumbnail URLs, `/user_uploads/thumbnail/<path id>/<format name>`: for those
   * allowed to see the upload, as the file itself.
   */
  @Get('user_uploads/thumbnail/*')
  @OptionalAuthEndpoint()
  @RawResponse()
  async thumbnail(@Context() context: RequestContext, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const path = wildcard(request);
    const cut = path.lastIndexOf('/');
    const access = await this.access(context, cut < 0 ? path : path.slice(0, cut));
    if (access.kind !== 'allowed') return this.refuse(reply, access, context.user === null);
    const file = await this.commandBus.execute<GetThumbnailCommand, ThumbnailFile>(new GetThumbnailCommand(access.attachment.pathId, path.slice(cut + 1)));
    if (file.kind === 'missing') return this.refuse(reply, file);
    await this.sendBytes(reply, file.data, file.contentType, file.name, true);
  }

  @Get('user_uploads/*')
  @OptionalAuthEndpoint()
  @RawResponse()
  async serve(@Context() context: RequestContext, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const access = await this.access(context, wildcard(request));
    if (access.kind !== 'allowed') return this.refuse(reply, access, context.user === null);
    await this.send(reply, access.attachment, false);
  }

  /** `granted`: a temporary link already vouched for the reader; only the file's existence is checked. */
  private async access(context: RequestContext, pathId: string, granted = false): Promise<UploadAccess> {
    const realm = context.requireRealm();
    const result = await this.queryBus.execute<CheckUploadAccessQuery, UploadAccess>(
      new CheckUploadAccessQuery(realm, granted ? null : context.user, pathId, granted),
    );
    return result;
  }

  /** Zulip answers these with small HTML pages, not the JSON envelope; anonymous readers are asked to log in. */
  private async refuse(reply: FastifyReply, access: UploadAccess, anonymous = false): Promise<void> {
    if (access.kind === 'forbidden' && anonymous) {
      throw ApiError.unauthorized('Not logged in: API authentication or user session required');
    }
    const [status, body] = access.kind === 'missing' ? [404, '<p>File not found.</p>'] : [403, '<p>You are not authorized to view this file.</p>'];
    await reply.code(status).header('Content-Type', 'text/html; charset=utf-8').send(body);
  }

  private async send(reply: FastifyReply, attachment: AttachmentRow, download: boolean): Promise<void> {
    const data = await this.store.get(storageKey(attachment.pathId));
    if (!data) {
      await reply.code(404).header('Content-Type', 'text/html; charset=utf-8').send('<p>File not found.</p>');
      return;
    }
    const inline = !download && servedInline(attachment.contentType);
    const name = attachment.pathId.split('/').pop() ?? 'uploaded-file';
    await this.sendBytes(reply, data, attachment.contentType, name, inline);
  }

  private async sendBytes(reply: FastifyReply, data: Buffer, contentType: string, name: string, inline: boolean): Promise<void> {
    await reply
      .header('Content-Type', contentType)
      .header('Content-Disposition', contentDisposition(name, inline))
      .header('Cache-Control', 'private, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self'; object-src 'self'; media-src 'self'")
      .send(data);
  }
}
