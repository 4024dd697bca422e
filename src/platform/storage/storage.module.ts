import { Global, Module } from '@nestjs/common';
import { UploadStore } from './upload-store';
import { UploadsController } from './uploads.controller';

/** Uploaded files on local disk, and the route that serves them. */
@Global()
@Module({
  controllers: [UploadsController],
  providers: [UploadStore],
  exports: [UploadStore],
})
export class StorageModule {}
