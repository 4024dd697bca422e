import { closestThumbnail, missingThumbnails, parseFormatName, serverThumbnailFormats, StoredThumbnail } from './thumbnail-formats';

describe('thumbnail formats (Zulip 10.2)', () => {
  it('are listed in register as Zulip lists them', () => {
    expect(serverThumbnailFormats()).toEqual([
      { name: '840x560-anim.webp', max_width: 840, max_height: 560, format: 'webp', animated: true },
      { name: '840x560.webp', max_width: 840, max_height: 560, format: 'webp', animated: false },
    ]);
  });

  it('parse back from their names, and nothing else does', () => {
    expect(parseFormatName('840x560-anim.webp')).toEqual({ maxWidth: 840, maxHeight: 560, animated: true, extension: 'webp' });
    expect(parseFormatName('../840x560.webp')).toBeNull();
    expect(parseFormatName('840x560')).toBeNull();
  });

  it('are still only for a still image, animated too for an animation, transcoded for a TIFF', () => {
    const names = (facts: { width: number; height: number; frames: number; contentType: string }) =>
      missingThumbnails(facts, []).map((f) => `${f.maxWidth}x${f.maxHeight}${f.animated ? '-anim' : ''}`);
    expect(names({ width: 10, height: 10, frames: 1, contentType: 'image/png' })).toEqual(['840x560']);
    expect(names({ width: 10, height: 10, frames: 3, contentType: 'image/gif' })).toEqual(['840x560-anim', '840x560']);
    expect(names({ width: 10, height: 20, frames: 1, contentType: 'image/tiff' })).toEqual(['840x560', '3024x4032']);
  });

  it('serve the closest made format for one the server does not make', () => {
    const made = (maxWidth: number, animated: boolean): StoredThumbnail => ({
      extension: 'webp', maxWidth, maxHeight: 560, animated, contentType: 'image/webp', width: 1, height: 1, byteSize: 1,
    });
    expect(closestThumbnail({ extension: 'webp', maxWidth: 300, maxHeight: 200, animated: true }, [made(840, false), made(840, true)]).animated).toBe(true);
    expect(closestThumbnail({ extension: 'jpeg', maxWidth: 500, maxHeight: 200, animated: false }, [made(840, false), made(400, false)]).maxWidth).toBe(400);
  });
});
