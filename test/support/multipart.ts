import { randomBytes } from 'node:crypto';
import * as http from 'node:http';
import sharp from 'sharp';
import { Api, ApiResponse } from './api';
import { checkAgainstOpenApi } from './openapi-validator';

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** Sends a multipart/form-data request with files (and plain fields), as Zulip clients upload. */
export function postMultipart(
  api: Api,
  route: string,
  files: readonly FilePart[],
  fields: Record<string, string> = {},
): Promise<ApiResponse> {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return api.request('POST', route, {}, {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat(chunks),
  });
}

/** A PNG of the given size, in one colour. */
export function pngImage(width: number, height: number, colour = '#3080c0'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: colour } }).png().toBuffer();
}

export async function pngFile(field = 'file', width = 120, height = 80): Promise<FilePart> {
  return { field, filename: 'picture.png', contentType: 'image/png', data: await pngImage(width, height) };
}

/** A two-frame animated GIF. */
export async function animatedGifFile(field = 'file', size = 80): Promise<FilePart> {
  const frames = await Promise.all(['#ff0000', '#0000ff'].map((colour) => pngImage(size, size, colour)));
  const data = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
  return { field, filename: 'dance.gif', contentType: 'image/gif', data };
}

export function textFile(field = 'file'): FilePart {
  return { field, filename: 'notes.png', contentType: 'image/png', data: Buffer.from('this is not an image at all\n') };
}

/** Fetches a path on the realm's host without parsing JSON: status, headers and raw bytes. */
export function fetchRaw(api: Api, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const headers: Record<string, string> = { host: api.host };
  if (api.credentials) {
    headers.authorization = `Basic ${Buffer.from(`${api.credentials.email}:${api.credentials.apiKey}`).toString('base64')}`;
  }
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: api.port, method: 'GET', path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const answer = { status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) };
        // Raw answers are checked against the API description too (status and content type; JSON bodies by schema).
        const contentType = String(response.headers['content-type'] ?? '');
        checkAgainstOpenApi({
          port: api.port,
          method: 'GET',
          pathname: path.split('?')[0],
          status: answer.status,
          contentType,
          body: /json/.test(contentType) ? (JSON.parse(answer.body.toString('utf8')) as unknown) : answer.body,
        }).then(() => resolve(answer), reject);
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** Width, height and format of image bytes. */
export async function imageInfo(data: Buffer): Promise<{ width?: number; height?: number; format?: string }> {
  const { width, height, format } = await sharp(data).metadata();
  return { width, height, format };
}
