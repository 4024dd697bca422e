import { camoPath, camoTarget } from './camo-url';

describe('camo URLs', () => {
  const key = Buffer.from('test');

  it('signs in the hex form camo servers read', () => {
    // The digest of this key and URL, as go-camo's own examples give it.
    expect(camoPath(key, 'http://golang.org/doc/gopher/frontpage.png')).toBe(
      '/external_content/0f6def1cb147b0e84f39cbddc5ea10c80253a6f3/687474703a2f2f676f6c616e672e6f72672f646f632f676f706865722f66726f6e74706167652e706e67',
    );
  });

  it('reads back what it signed, and nothing else', () => {
    const url = 'https://example.com/ünïcode.png?a=1&b=2';
    const [digest, hex] = camoPath(key, url).split('/').slice(2);
    expect(camoTarget(key, digest, hex)).toBe(url);
    expect(camoTarget(Buffer.from('other'), digest, hex)).toBeNull();
    expect(camoTarget(key, digest, hex.slice(0, -2))).toBeNull();
    expect(camoTarget(key, digest.slice(1), hex)).toBeNull();
    expect(camoTarget(key, digest, `${hex}0`)).toBeNull();
    expect(camoTarget(key, digest, 'zz')).toBeNull();
    expect(camoTarget(key, digest, '')).toBeNull();
  });
});
