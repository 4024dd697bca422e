import { ApiError, NetworkError } from './client';
import type { UploadAnswer } from './types';

export interface UploadOptions {
  /** The API base (`/json`) and the page's CSRF token, as the ApiClient has them. */
  base: string;
  csrfToken: string | null;
  /** Told the fraction sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * `POST /user_uploads` as multipart form data, the file in the `file` field as Zulip's web
 * client sends it. XMLHttpRequest rather than fetch, because only it reports upload
 * progress. Errors carry the server's `msg`.
 */
export function uploadFile(file: File, options: UploadOptions): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${options.base}/user_uploads`);
    request.setRequestHeader('Accept', 'application/json');
    if (options.csrfToken !== null) request.setRequestHeader('X-CSRFToken', options.csrfToken);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(request.responseText) as Record<string, unknown>;
      } catch {
        // Not JSON (a proxy's page): reported by status below.
      }
      if (request.status >= 200 && request.status < 300 && body.result === 'success') {
        resolve(body as UploadAnswer);
        return;
      }
      const msg = typeof body.msg === 'string' && body.msg !== '' ? body.msg : `The server answered ${request.status}.`;
      reject(new ApiError(request.status, typeof body.code === 'string' ? body.code : 'BAD_REQUEST', msg, body));
    });
    request.addEventListener('error', () => reject(new NetworkError(null)));
    request.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
