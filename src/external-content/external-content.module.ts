import { Module } from '@nestjs/common';
import { ExternalContentController } from './api/external-content.controller';
import { ExternalImageUrls } from './public/external-image-urls';
import { ExternalImageFetcher } from './queries/external-image-fetcher';

/** The image proxy: signed addresses of external images, and the route that serves them. */
@Module({
  controllers: [ExternalContentController],
  providers: [ExternalImageUrls, ExternalImageFetcher],
  exports: [ExternalImageUrls],
})
export class ExternalContentModule {}
