import { ApiError } from '../../shared/api-error';
import { PushDeviceKind, pythonBase64Decodes, validateAppId, validateToken } from './push-device-rules';

function refusal(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return (error as ApiError).msg;
  }
}

describe('push device rules', () => {
  it("decodes base64 as Python's non-validating b64decode does", () => {
    // Each checked against Python 3's base64.b64decode: these it accepts...
    for (const token of ['', 'AAAA', 'AA==', 'AAA=', 'apple-tokenbb', 'AA==garbage', 'AA AA']) {
      expect([token, pythonBase64Decodes(token)]).toEqual([token, true]);
    }
    // ...and those it refuses: padding missing, one character over, non-ASCII.
    for (const token of ['c3VyZQ', 'AAAAA', 'A', 'AAé=', 'AA=']) {
      expect([token, pythonBase64Decodes(token)]).toEqual([token, false]);
    }
  });

  it("refuses tokens as Zulip's validate_token does", () => {
    expect(refusal(() => validateToken('', PushDeviceKind.Fcm))).toBe('Empty or invalid length token');
    expect(refusal(() => validateToken('x'.repeat(4097), PushDeviceKind.Fcm))).toBe('Empty or invalid length token');
    expect(refusal(() => validateToken('x'.repeat(4096), PushDeviceKind.Fcm))).toBeNull();
    expect(refusal(() => validateToken('not base64!', PushDeviceKind.Fcm))).toBeNull();
    expect(refusal(() => validateToken('AAAAA', PushDeviceKind.Apns))).toBe('Invalid APNS token');
    expect(refusal(() => validateToken('apple-tokenbb', PushDeviceKind.Apns))).toBeNull();
  });

  it("takes Zulip's app ids", () => {
    expect(validateAppId('org.zulip.Zulip')).toBe('org.zulip.Zulip');
    expect(refusal(() => validateAppId('org zulip'))).toBe('Invalid appid');
    expect(refusal(() => validateAppId(''))).toBe('Invalid appid');
  });
});
