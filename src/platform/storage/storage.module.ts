import { Global, Module } from '@nestjs/common';
import { UploadStore } from './upload-store';

/** Uploaded files on local disk (the uploads module serves them). */
@Global()
@Module({
  providers: [UploadStore],
  exports: [UploadStore],
})
export class StorageModule {}
