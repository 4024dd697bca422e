import { ApiError } from './api-error';

/** A file a client sent in a multipart body. */
export interface UploadedFile {
  fieldName: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** Zulip's refusal of a file over the upload limit (`max_file_upload_size_mib`). */
export function fileTooLarge(maxUploadMib: number): ApiError {
  return ApiError.badRequest(`Uploaded file is larger than the allowed limit of ${maxUploadMib} MiB`);
}
