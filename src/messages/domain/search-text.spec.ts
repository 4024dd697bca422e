import { highlightMarked, likeContaining, MATCH_START as S, MATCH_STOP as E, parseSearchText } from './search-text';

describe('parseSearchText', () => {
  it('matches the last word as a prefix', () => {
    expect(parseSearchText(['quick bro'])).toEqual({ words: 'quick ', prefix: 'bro', phrases: [] });
  });

  it('matches no prefix after a trailing space or a closing quote', () => {
    expect(parseSearchText(['quick '])).toEqual({ words: 'quick ', prefix: null, phrases: [] });
    expect(parseSearchText(['say "hello world"'])).toEqual({ words: 'say "hello world"', prefix: null, phrases: ['hello world'] });
  });

  it('joins several search terms with spaces', () => {
    expect(parseSearchText(['"big cat"', 'jum'])).toEqual({ words: '"big cat" ', prefix: 'jum', phrases: ['big cat'] });
  });

  it('keeps only word characters in the prefix', () => {
    expect(parseSearchText(["it's"])).toEqual({ words: "it's", prefix: null, phrases: [] });
    expect(parseSearchText(['a:*|b'])).toEqual({ words: 'a:*|b', prefix: null, phrases: [] });
    expect(parseSearchText(['émile'])).toEqual({ words: '', prefix: 'émile', phrases: [] });
    expect(parseSearchText(['!!'])).toEqual({ words: '!!', prefix: null, phrases: [] });
  });
});

describe('likeContaining', () => {
  it('escapes LIKE wildcards', () => {
    expect(likeContaining('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('highlightMarked', () => {
  it('wraps marked matches in highlight spans', () => {
    expect(highlightMarked(`<p>The ${S}runners${E} ran</p>`)).toBe('<p>The <span class="highlight">runners</span> ran</p>');
  });

  it('leaves matches inside tags alone', () => {
    expect(highlightMarked(`<a href="/${S}run${E}">x</a>`)).toBe('<a href="/run">x</a>');
  });

  it('returns text without marks unchanged', () => {
    expect(highlightMarked('a &amp; b')).toBe('a &amp; b');
    expect(highlightMarked(`stray ${S}mark`)).toBe('stray mark');
  });
});
