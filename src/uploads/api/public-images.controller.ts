import { Controller, Get, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../shared/api-error';
import { CurrentRealm, PublicEndpoint, RawResponse } from '../../wire/decorators';
import { RealmRef } from '../../shared/realm-ref';
import { contentTypeOf, UploadStore } from '../../platform/storage/upload-store';

/**
 * `GET /user_avatars/<realm id>/...`: avatars and custom emoji images, without
 * credentials as Zulip's local upload backend serves them (clients load them in `<img>`
 * tags), but only on the realm's own host.
 */
@Controller('user_avatars')
export class PublicImagesController {
  constructor(private readonly store: UploadStore) {}

  @Get('*')
  @PublicEndpoint()
  @RawResponse()
  async serve(@CurrentRealm() realm: RealmRef, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const key = (request.params as Record<string, string>)['*'] ?? '';
    const notFound = () => new ApiError('File not found', 'BAD_REQUEST', 404);
    if (key.split('/')[0] !== String(realm.id) || key.split('/').includes('..')) throw notFound();
    const data = await this.store.get(key);
    if (!data) throw notFound();
    // Names change with every upload (or carry ?version=), so the bytes never do.
    await reply
      .header('Content-Type', contentTypeOf(key))
      .header('Cache-Control', 'private, max-age=86400')
      .header('X-Content-Type-Options', 'nosniff')
      .send(data);
  }
}
