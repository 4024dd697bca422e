import { contentFacts } from './message-content-facts';

describe('contentFacts', () => {
  it('finds nothing in plain text', () => {
    expect(contentFacts('hello world', '<p>hello world</p>')).toEqual({ hasLink: false, hasImage: false, hasAttachment: false });
  });

  it('reads any <a href> as a link', () => {
    expect(contentFacts('[x](https://example.com)', '<p><a href="https://example.com">x</a></p>')).toEqual({
      hasLink: true,
      hasImage: false,
      hasAttachment: false,
    });
    expect(contentFacts('mail', '<p><a href="mailto:a@b.c">a@b.c</a></p>').hasLink).toBe(true);
  });

  it('falls back to Zulip source rules for links', () => {
    expect(contentFacts('see http://example.com', '<p>see http://example.com</p>').hasLink).toBe(true);
    expect(contentFacts('a <a> without href', '<p>&lt;a&gt;</p>').hasLink).toBe(false);
  });

  it('reads an uploaded file link as an attachment and a link', () => {
    const html = '<p><a href="/user_uploads/2/ab/report.pdf">report.pdf</a></p>';
    expect(contentFacts('[report.pdf](/user_uploads/2/ab/report.pdf)', html)).toEqual({
      hasLink: true,
      hasImage: false,
      hasAttachment: true,
    });
  });

  it('reads an uploaded image as image, attachment and link', () => {
    const html = '<p><a href="/user_uploads/2/ab/cat.PNG">cat.PNG</a></p>';
    expect(contentFacts('[cat.PNG](/user_uploads/2/ab/cat.PNG)', html)).toEqual({
      hasLink: true,
      hasImage: true,
      hasAttachment: true,
    });
  });

  it('reads <img> and inline image previews as images', () => {
    expect(contentFacts('![x](https://e.com/x.png)', '<p><img src="https://e.com/x.png" alt="x"></p>').hasImage).toBe(true);
    const preview = '<div class="message_inline_image"><a href="https://e.com/y.jpg"><img src="https://e.com/y.jpg"></a></div>';
    expect(contentFacts('https://e.com/y.jpg', preview)).toEqual({ hasLink: true, hasImage: true, hasAttachment: false });
  });

  it('does not read text that only mentions an image as an image', () => {
    expect(contentFacts('I like cat.png', '<p>I like cat.png</p>')).toEqual({ hasLink: false, hasImage: false, hasAttachment: false });
  });
});
