import { safeNextLocation } from './login-rules';

describe('safeNextLocation', () => {
  it('keeps paths and fragments of this server', () => {
    expect(safeNextLocation('/#narrow/channel/1')).toBe('/#narrow/channel/1');
    expect(safeNextLocation('#narrow/dm/7')).toBe('/#narrow/dm/7');
    expect(safeNextLocation('/user_uploads/2/ab/file.png')).toBe('/user_uploads/2/ab/file.png');
  });

  it('sends everything else to the app', () => {
    expect(safeNextLocation(undefined)).toBe('/');
    expect(safeNextLocation('')).toBe('/');
    expect(safeNextLocation('https://evil.example/')).toBe('/');
    expect(safeNextLocation('//evil.example/')).toBe('/');
    expect(safeNextLocation('/\\evil.example/')).toBe('/');
    expect(safeNextLocation('/ /evil')).toBe('/');
    expect(safeNextLocation('javascript:alert(1)')).toBe('/');
  });
});
