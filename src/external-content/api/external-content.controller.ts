import { Controller, Get, Param, Res } from '@nestjs/common';
import { FastifyReply } from 'fastify';
import { ApiError } from '../../shared/api-error';
import { PublicEndpoint, RawResponse } from '../../wire/decorators';
import { ExternalImageUrls } from '../public/external-image-urls';
import { ExternalImageFetcher, ExternalImageUnavailable } from '../queries/external-image-fetcher';

/**
 * `GET /external_content/<digest>/<hex URL>`: an external image of a message, fetched by
 * the server (Zulip's camo), so that readers load only first-party addresses and the
 * image's host never learns who reads. No credentials: the signature is the permission,
 * and only addresses the server put in messages carry one.
 */
@Controller('external_content')
export class ExternalContentController {
  constructor(
    private readonly urls: ExternalImageUrls,
    private readonly fetcher: ExternalImageFetcher,
  ) {}

  @Get(':digest/:hexUrl')
  @PublicEndpoint()
  @RawResponse()
  async serve(@Param('digest') digest: string, @Param('hexUrl') hexUrl: string, @Res() reply: FastifyReply): Promise<void> {
    const url = this.urls.target(digest, hexUrl);
    if (url === null) throw new ApiError('Invalid external content signature', 'BAD_REQUEST', 403);
    let image;
    try {
      image = await this.fetcher.fetch(url);
    } catch (error) {
      if (error instanceof ExternalImageUnavailable) throw new ApiError(`The image could not be fetched: ${error.message}`, 'BAD_REQUEST', 404);
      throw error;
    }
    await reply
      .header('Content-Type', image.contentType)
      .header('Cache-Control', 'public, max-age=86400')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(image.body);
  }
}
