import { Global, Module } from '@nestjs/common';
import { UploadStore } from './upload-store';
import { PublicImagesController } from './public-images.controller';

/** Uploaded files on local disk, and the route that serves them. */
@Global()
@Module({
  controllers: [PublicImagesController],
  providers: [UploadStore],
  exports: [UploadStore],
})
export class StorageModule {}
