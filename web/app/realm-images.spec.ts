import { faviconOf, uploadedRealmImage } from './realm-images';

describe('realm pictures in the web app', () => {
  it('uses an uploaded picture only: the identicon and the default logo are not', () => {
    const realm = { icon_url: '/user_avatars/2/realm/icon.png?version=3', icon_source: 'U', logo_url: '', logo_source: 'D', night_logo_url: '/x.png', night_logo_source: 'D' };
    expect(uploadedRealmImage(realm, 'icon')).toBe('/user_avatars/2/realm/icon.png?version=3');
    expect(uploadedRealmImage(realm, 'logo')).toBeNull();
    expect(uploadedRealmImage(realm, 'night_logo')).toBeNull();
    expect(uploadedRealmImage({ icon_url: 'https://secure.gravatar.com/avatar/abc?d=identicon', icon_source: 'G' }, 'icon')).toBeNull();
  });

  it('puts the uploaded icon on the page, else the app icon', () => {
    expect(faviconOf({ icon_url: '/i.png?version=2', icon_source: 'U' }, './favicon.svg')).toBe('/i.png?version=2');
    expect(faviconOf({ icon_url: 'https://secure.gravatar.com/avatar/abc?d=identicon', icon_source: 'G' }, './favicon.svg')).toBe('./favicon.svg');
    expect(faviconOf({}, './favicon.svg')).toBe('./favicon.svg');
  });
});
