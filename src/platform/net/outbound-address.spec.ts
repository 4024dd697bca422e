import { addressAllowed, isPublicAddress, parseHttpUrl, RefusedAddress, urlHost } from './outbound-address';

describe('webhook addresses', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['127.0.0.2', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['::127.0.0.1', false],
    ['::10.0.0.1', false],
    ['::8.8.8.8', false],
    ['0:0:0:0:0:0:7f00:1', false],
    ['not-an-address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('allows a private address only when its host name or the address is listed', () => {
    const allowed = new Set(['127.0.0.1', 'hooks.internal']);
    expect(addressAllowed('localhost', '127.0.0.1', allowed)).toBe(true);
    expect(addressAllowed('localhost', '::ffff:127.0.0.1', allowed)).toBe(true);
    expect(addressAllowed('hooks.internal', '10.0.0.5', allowed)).toBe(true);
    expect(addressAllowed('other.internal', '10.0.0.5', allowed)).toBe(false);
    expect(addressAllowed('127.0.0.2', '127.0.0.2', allowed)).toBe(false);
    expect(addressAllowed('example.com', '93.184.216.34', new Set())).toBe(true);
  });

  it('accepts only http and https URLs with a host', () => {
    expect(urlHost(parseHttpUrl('https://Example.COM:8443/hook'))).toBe('example.com');
    expect(urlHost(parseHttpUrl('http://[::1]:9000/'))).toBe('::1');
    expect(() => parseHttpUrl('ftp://example.com/')).toThrow(RefusedAddress);
    expect(() => parseHttpUrl('javascript:alert(1)')).toThrow(RefusedAddress);
    expect(() => parseHttpUrl('no url')).toThrow(RefusedAddress);
  });
});
