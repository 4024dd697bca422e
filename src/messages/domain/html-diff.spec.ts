import { highlightHtmlDifferences } from './html-diff';

describe('highlightHtmlDifferences', () => {
  it('marks removed and added words, keeping the new markup', () => {
    expect(highlightHtmlDifferences('<p>one</p>', '<p>two</p>')).toBe(
      '<p><span class="highlight_text_deleted">one</span><span class="highlight_text_inserted">two</span></p>',
    );
    expect(highlightHtmlDifferences('<p>hello</p>', '<p>hello <strong>world</strong></p>')).toBe(
      '<p>hello <strong><span class="highlight_text_inserted">world</span></strong></p>',
    );
  });

  it('leaves identical HTML alone', () => {
    expect(highlightHtmlDifferences('<p>same words</p>', '<p>same words</p>')).toBe('<p>same words</p>');
  });
});
