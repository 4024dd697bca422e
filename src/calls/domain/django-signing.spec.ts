import { pythonJson, signObject } from './django-signing';

describe("Django's sign_object", () => {
  it("signs as Django's Signer does (vector from Python's json, hashlib and hmac following django.core.signing)", () => {
    const value = { meeting_id: 'zulip-123456789012', name: 'Ünïcode 🐙 meeting', lock_settings_disable_cam: true, moderator: 42 };
    expect(signObject(value, 's3cret')).toBe(
      'eyJtZWV0aW5nX2lkIjoienVsaXAtMTIzNDU2Nzg5MDEyIiwibmFtZSI6Ilx1MDBkY25cdTAwZWZjb2RlIFx1ZDgzZFx1ZGMxOSBtZWV0aW5nIiwibG9ja19zZXR0aW5nc19kaXNhYmxlX2NhbSI6dHJ1ZSwibW9kZXJhdG9yIjo0Mn0'
        + ':fNFbJN3SPp4vThpHQKyd4x6gfFhJseRW03FKpeFhBaU',
    );
  });

  it("writes JSON as Python's json.dumps with ensure_ascii", () => {
    expect(pythonJson({ a: 'x\u007fé\n"' })).toBe('{"a":"x\\u007f\\u00e9\\n\\""}');
  });
});
