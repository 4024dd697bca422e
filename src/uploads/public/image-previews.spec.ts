import { previewImageHtml, rewriteThumbnailedImages, UploadPreview, uploadPreviewOf } from './image-previews';
import { StoredThumbnail } from './thumbnail-formats';

const png = { width: 1920, height: 1080, frames: 1, contentType: 'image/png' };
const gif = { width: 64, height: 64, frames: 5, contentType: 'image/gif' };
const made = (animated: boolean): StoredThumbnail => ({
  extension: 'webp', maxWidth: 840, maxHeight: 560, animated, contentType: 'image/webp', width: 840, height: 473, byteSize: 1000,
});

describe('image preview markup (Zulip 10.2)', () => {
  it('is the spinner, with the original size and type, until a thumbnail is made', () => {
    expect(previewImageHtml(uploadPreviewOf('2/ab/x/a.png', png, []))).toBe(
      '<img class="image-loading-placeholder" data-original-content-type="image/png" data-original-dimensions="1920x1080" src="/static/images/loading/loader-black.svg">',
    );
  });

  it('is the still thumbnail of a still image', () => {
    expect(previewImageHtml(uploadPreviewOf('2/ab/x/a.png', png, [made(false)]))).toBe(
      '<img data-original-content-type="image/png" data-original-dimensions="1920x1080" src="/user_uploads/thumbnail/2/ab/x/a.png/840x560.webp">',
    );
  });

  it('is the animated thumbnail of an animated image, marked data-animated', () => {
    expect(previewImageHtml(uploadPreviewOf('2/cd/y/b.gif', gif, [made(true), made(false)]))).toBe(
      '<img data-animated="true" data-original-content-type="image/gif" data-original-dimensions="64x64" src="/user_uploads/thumbnail/2/cd/y/b.gif/840x560-anim.webp">',
    );
  });

  it('names the transcoded thumbnail of a type browsers do not show', () => {
    const tiff = { width: 4000, height: 3000, frames: 1, contentType: 'image/tiff' };
    const large: StoredThumbnail = { ...made(false), maxWidth: 4032, maxHeight: 3024, width: 4000, height: 3000 };
    expect(previewImageHtml(uploadPreviewOf('2/ef/z/c.tiff', tiff, [made(false), large]))).toBe(
      '<img data-original-content-type="image/tiff" data-original-dimensions="4000x3000" data-transcoded-image="4032x3024.webp" src="/user_uploads/thumbnail/2/ef/z/c.tiff/840x560.webp">',
    );
  });
});

describe('rewriteThumbnailedImages', () => {
  const spinnerFor = (path: string, preview: UploadPreview) =>
    `<div class="message_inline_image"><a href="/user_uploads/${path}" title="a.png">${previewImageHtml(preview)}</a></div>`;
  const waitingPng = uploadPreviewOf('2/ab/x/a.png', png, []);
  const waitingGif = uploadPreviewOf('2/cd/y/b.gif', gif, []);
  const message = `<p><a href="/user_uploads/2/ab/x/a.png">a.png</a></p>\n${spinnerFor('2/ab/x/a.png', waitingPng)}${spinnerFor('2/cd/y/b.gif', waitingGif)}`;

  it('swaps the spinner of the image whose thumbnail is made, and leaves the other waiting', () => {
    const { html, waiting } = rewriteThumbnailedImages(message, new Map([['2/ab/x/a.png', uploadPreviewOf('2/ab/x/a.png', png, [made(false)])]]));
    expect(html).toBe(
      '<p><a href="/user_uploads/2/ab/x/a.png">a.png</a></p>\n' +
        '<div class="message_inline_image"><a href="/user_uploads/2/ab/x/a.png" title="a.png">' +
        '<img data-original-content-type="image/png" data-original-dimensions="1920x1080" src="/user_uploads/thumbnail/2/ab/x/a.png/840x560.webp"></a></div>' +
        spinnerFor('2/cd/y/b.gif', waitingGif),
    );
    expect([...waiting]).toEqual(['2/cd/y/b.gif']);
  });

  it('changes nothing when no thumbnail is known, or when run again', () => {
    expect(rewriteThumbnailedImages(message, new Map([['2/ab/x/a.png', waitingPng]])).html).toBeNull();
    const once = rewriteThumbnailedImages(message, new Map([['2/ab/x/a.png', uploadPreviewOf('2/ab/x/a.png', png, [made(false)])]])).html as string;
    expect(rewriteThumbnailedImages(once, new Map([['2/ab/x/a.png', uploadPreviewOf('2/ab/x/a.png', png, [made(false)])]])).html).toBeNull();
  });

  it('takes out the preview of an upload that could not be thumbnailed', () => {
    const { html } = rewriteThumbnailedImages(message, new Map(), new Set(['2/cd/y/b.gif']));
    expect(html).toBe(`<p><a href="/user_uploads/2/ab/x/a.png">a.png</a></p>\n${spinnerFor('2/ab/x/a.png', waitingPng)}`);
  });

  it('finds an upload whose name Markdown percent-encoded', () => {
    const name = '2/ab/x/caf\u00e9.png';
    const spinner = `<div class="message_inline_image"><a href="/user_uploads/2/ab/x/caf%C3%A9.png">${previewImageHtml(waitingPng)}</a></div>`;
    const { html } = rewriteThumbnailedImages(spinner, new Map([[name, uploadPreviewOf(name, png, [made(false)])]]));
    expect(html).toContain('src="/user_uploads/thumbnail/2/ab/x/caf\u00e9.png/840x560.webp"');
  });
});
