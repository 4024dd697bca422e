import { randomBytes } from 'node:crypto';

/** Most file systems limit one path component to 255 bytes (Zulip's MAX_FILE_NAME_LENGTH). */
const MAX_FILE_NAME_BYTES = 255;

/** Zulip's truncate_file_name: at most `maxBytes` of UTF-8, keeping the extension when it fits. */
export function truncateFileName(name: string, maxBytes = MAX_FILE_NAME_BYTES): string {
  if (Buffer.byteLength(name) <= maxBytes) return name;
  const dot = name.lastIndexOf('.');
  let stem = dot > 0 ? name.slice(0, dot) : name;
  let extension = dot > 0 ? name.slice(dot) : '';
  if (Buffer.byteLength(extension) >= maxBytes) {
    stem = name;
    extension = '';
  }
  const room = maxBytes - Buffer.byteLength(extension);
  let kept = '';
  for (const char of stem) {
    if (Buffer.byteLength(kept + char) > room) break;
    kept += char;
  }
  return kept + extension;
}

/**
 * Zulip's sanitize_name: the name an upload is stored and linked under. Unicode letters,
 * digits, `_`, `.` and `-` stay; other characters go; runs of spaces and dashes become one
 * dash; an empty result, `.` or `..` becomes `uploaded-file`.
 */
export function sanitizeFileName(value: string): string {
  let name = value.normalize('NFKC').replace(/[^\p{L}\p{N}_\s.-]/gu, '');
  name = name.trim().replace(/[-\s]+/g, '-');
  name = truncateFileName(name);
  return name === '' || name === '.' || name === '..' ? 'uploaded-file' : name;
}

/**
 * A new upload's path id: `<realm id>/<2 hex digits>/<24 random URL-safe characters>/<name>`,
 * the shape of Zulip's upload paths.
 */
export function newPathId(realmId: number, sanitizedName: string): string {
  const bucket = randomBytes(1).toString('hex');
  return `${realmId}/${bucket}/${randomBytes(18).toString('base64url')}/${sanitizedName}`;
}

const CONTENT_TYPES: Record<string, string> = {
  aac: 'audio/aac',
  apng: 'image/apng',
  avif: 'image/avif',
  bmp: 'image/bmp',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  flac: 'audio/flac',
  gif: 'image/gif',
  gz: 'application/gzip',
  heic: 'image/heic',
  htm: 'text/html',
  html: 'text/html',
  ico: 'image/vnd.microsoft.icon',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  js: 'text/javascript',
  json: 'application/json',
  m4a: 'audio/mp4',
  md: 'text/markdown',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  oga: 'audio/ogg',
  ogg: 'audio/ogg',
  ogv: 'video/ogg',
  pdf: 'application/pdf',
  png: 'image/png',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  py: 'text/x-python',
  svg: 'image/svg+xml',
  tar: 'application/x-tar',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  txt: 'text/plain',
  wav: 'audio/wav',
  weba: 'audio/webm',
  webm: 'video/webm',
  webp: 'image/webp',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xml: 'text/xml',
  zip: 'application/zip',
};

/** The content type a file name suggests (Python's mimetypes.guess_type), or null. */
export function guessContentType(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  return CONTENT_TYPES[fileName.slice(dot + 1).toLowerCase()] ?? null;
}

/**
 * Zulip's get_file_info: the client's content type, else one guessed from the name, else
 * `application/octet-stream`. A part sent without a type reaches us as `text/plain` (the
 * multipart parser's default, which the Python bindings' uploads get), so that one too
 * gives way to a type the name suggests.
 */
export function uploadContentType(clientType: string, fileName: string): string {
  const given = clientType.trim();
  const bare = bareContentType(given);
  if (given !== '' && bare !== 'application/octet-stream' && bare !== 'text/plain') return given;
  return guessContentType(fileName) ?? (given === '' ? 'application/octet-stream' : given);
}

/**
 * Zulip's maybe_add_charset: plain text without a charset gets the one its bytes show
 * (chardet's verdicts for the clear cases): `ascii` when every byte is ASCII, `utf-8`
 * when the bytes are valid UTF-8; otherwise the type stays as it is.
 */
export function withDetectedCharset(contentType: string, data: Buffer): string {
  if (bareContentType(contentType) !== 'text/plain' || /;\s*charset=/i.test(contentType)) return contentType;
  if (data.every((byte) => byte < 0x80)) return `${contentType}; charset="ascii"`;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return `${contentType}; charset="utf-8"`;
  } catch {
    return contentType;
  }
}

/** The type without parameters, lower-cased: `Text/Plain; charset=utf-8` is `text/plain`. */
export function bareContentType(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

/**
 * Zulip's INLINE_MIME_TYPES: types a browser may show in place. Everything else is served
 * as an attachment (never HTML, SVG or XML inline: they could run script on our origin).
 */
const INLINE_TYPES = new Set([
  'application/pdf',
  'audio/aac',
  'audio/flac',
  'audio/mp4',
  'audio/mpeg',
  'audio/wav',
  'audio/webm',
  'image/apng',
  'image/avif',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/webp',
  'text/plain',
  'video/mp4',
  'video/webm',
]);

export function servedInline(contentType: string): boolean {
  return INLINE_TYPES.has(bareContentType(contentType));
}

/**
 * RFC 6266 Content-Disposition for a served file, as Zulip writes it: `filename="..."`
 * with `\` and `"` escaped for an ASCII name, `filename*=utf-8''...` otherwise.
 */
export function contentDisposition(fileName: string, inline: boolean): string {
  const kind = inline ? 'inline' : 'attachment';
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(fileName)) {
    return `${kind}; filename="${fileName.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  }
  return `${kind}; filename*=utf-8''${encodeURIComponent(fileName)}`;
}
