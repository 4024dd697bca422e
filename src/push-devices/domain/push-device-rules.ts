import { ApiError } from '../../shared/api-error';

/** Zulip's `PushDeviceToken.APNS` and `PushDeviceToken.FCM` (stored in `kind`). */
export enum PushDeviceKind {
  Apns = 1,
  Fcm = 2,
}

/** Zulip's limit on a token's length, in characters. */
const MAX_TOKEN_LENGTH = 4096;

/** Zulip's `ApnsAppId`: `^[.a-zA-Z0-9-]+$`. */
const APP_ID = /^[.a-zA-Z0-9-]+$/;

/** Zulip's `validate_token`: not empty, not too long, and an APNs token must decode as base64. */
export function validateToken(token: string, kind: PushDeviceKind): void {
  if (token === '' || [...token].length > MAX_TOKEN_LENGTH) throw ApiError.badRequest('Empty or invalid length token');
  if (kind === PushDeviceKind.Apns && !pythonBase64Decodes(token)) throw ApiError.badRequest('Invalid APNS token');
}

/** The `appid` an APNs registration names (Zulip's pattern; its wording for a value that fails it). */
export function validateAppId(appId: string): string {
  if (!APP_ID.test(appId)) throw ApiError.badRequest('Invalid appid');
  return appId;
}

/** Zulip's `InvalidPushDeviceTokenError`: the test notification names a device the user has not registered. */
export function deviceNotRecognized(): ApiError {
  return new ApiError('Device not recognized', 'INVALID_PUSH_DEVICE_TOKEN');
}

/** Zulip's `remove_push_device_token` when the user has no such token of that kind. */
export function tokenDoesNotExist(): ApiError {
  return ApiError.badRequest('Token does not exist');
}

const BASE64_ALPHABET = /[A-Za-z0-9+/]/;

/**
 * Whether Python's `base64.b64decode(token)` (Zulip's `b64_to_hex`) accepts the token. Not
 * validating, it skips characters outside the alphabet and stops at completed padding; it
 * refuses non-ASCII text, a lone character after whole groups of four, and missing padding.
 */
export function pythonBase64Decodes(token: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(token)) return false;
  let quadPosition = 0;
  let pads = 0;
  for (const character of token) {
    if (character === '=') {
      if (quadPosition >= 2 && quadPosition + ++pads >= 4) return true;
      continue;
    }
    if (!BASE64_ALPHABET.test(character)) continue;
    quadPosition = (quadPosition + 1) % 4;
  }
  return quadPosition === 0;
}
