import { unicodeEmoji } from '../../emoji/public/unicode-emoji';
import { RenderData, topicKey } from './render-data';
import { renderZulipMarkdown } from './zulip-markdown';
import { uploadPreviewOf } from '../../uploads/public/image-previews';

const iago = { id: 5, fullName: 'Iago', isActive: true };
const gone = { id: 6, fullName: 'Gone Person', isActive: false };
const data: RenderData = {
  usersByName: new Map([['iago', iago], ['gone person', gone]]),
  usersById: new Map([[5, iago], [6, gone]]),
  groupsByName: new Map([['support', { id: 17, name: 'support', canMentionGroupId: 1 }]]),
  channelsByName: new Map([['design team', { id: 9, name: 'design team' }]]),
  customEmoji: new Map([['green_tick', { name: 'green_tick', url: '/user_avatars/2/emoji/images/1.png' }]]),
  topicMessageIds: new Map([[topicKey(9, 'Lunch'), 31]]),
  realmUrl: 'https://chat.example.com',
  proxiedImageUrl: (url) => `/external_content/signed/${Buffer.from(url).toString('hex')}`,
  catalog: unicodeEmoji(),
  linkifiers: [
    { pattern: '#(?P<id>[0-9]+)', urlTemplate: 'https://trac.example.com/ticket/{id}' },
    { pattern: 'ZUL-(?P<id>[0-9]+)', urlTemplate: 'https://jira.example.com/{id}' },
  ],
};

const html = (content: string) => renderZulipMarkdown(content, data).html;

describe('renderZulipMarkdown: constructs', () => {
  it.each<[string, string, string]>([
    ['paragraph', 'test_input', '<p>test_input</p>'],
    ['newline as <br>', 'line1\nline2', '<p>line1<br>\nline2</p>'],
    ['emphasis, strong, strikethrough', '*em* **strong** ***both*** ~~del~~', '<p><em>em</em> <strong>strong</strong> <em><strong>both</strong></em> <del>del</del></p>'],
    ['underscores are not emphasis', '_not em_ __not strong__ snake_case_name', '<p>_not em_ __not strong__ snake_case_name</p>'],
    ['inline code', 'run `ls -l <dir>`', '<p>run <code>ls -l &lt;dir&gt;</code></p>'],
    ['heading', '# Title', '<h1>Title</h1>'],
    ['list', '* one\n* two', '<ul>\n<li>one</li>\n<li>two</li>\n</ul>'],
    ['quote', '> quoted', '<blockquote>\n<p>quoted</p>\n</blockquote>'],
    ['fenced quote', '```quote\nquoted **b**\n```', '<blockquote>\n<p>quoted <strong>b</strong></p>\n</blockquote>'],
    ['fenced code without language', '```\nx < 1\n```', '<div class="codehilite"><pre><span></span><code>x &lt; 1\n</code></pre></div>'],
    ['fenced code with a known language', '```python\ndef f(): pass\n```', '<div class="codehilite" data-code-language="Python"><pre><span></span><code>def f(): pass\n</code></pre></div>'],
    ['fenced code with an unknown language', '~~~mylang\nx\n~~~', '<div class="codehilite" data-code-language="mylang"><pre><span></span><code>x\n</code></pre></div>'],
    ['indented code', '    code here', '<div class="codehilite"><pre><span></span><code>code here\n</code></pre></div>'],
    [
      'spoiler',
      '```spoiler Plot *twist*\nhidden\n```',
      '<div class="spoiler-block"><div class="spoiler-header">\n<p>Plot <em>twist</em></p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>hidden</p>\n</div></div>',
    ],
    [
      'spoiler without header',
      '```spoiler\nhidden\n```',
      '<div class="spoiler-block"><div class="spoiler-header">\n</div><div class="spoiler-content" aria-hidden="true">\n<p>hidden</p>\n</div></div>',
    ],
    ['user mention', 'hi @**Iago**', '<p>hi <span class="user-mention" data-user-id="5">@Iago</span></p>'],
    ['user mention, any case', '@**iago**', '<p><span class="user-mention" data-user-id="5">@Iago</span></p>'],
    ['user mention by id', '@**Iago|5** @**|5**', '<p><span class="user-mention" data-user-id="5">@Iago</span> <span class="user-mention" data-user-id="5">@Iago</span></p>'],
    ['user mention by id with a wrong name', '@**Nope|5**', '<p>@<strong>Nope|5</strong></p>'],
    ['silent user mention', '@_**Iago**', '<p><span class="user-mention silent" data-user-id="5">Iago</span></p>'],
    ['deactivated user: rendered silent', '@**Gone Person**', '<p><span class="user-mention silent" data-user-id="6">Gone Person</span></p>'],
    ['unknown user: left as text', '@**Nobody**', '<p>@<strong>Nobody</strong></p>'],
    ['mention needs a word boundary before it', 'mail@**Iago**', '<p>mail@<strong>Iago</strong></p>'],
    ['channel wildcards', '@**all** @**everyone** @**channel** @**stream**', [
      '<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span>',
      '<span class="user-mention channel-wildcard-mention" data-user-id="*">@everyone</span>',
      '<span class="user-mention channel-wildcard-mention" data-user-id="*">@channel</span>',
      '<span class="user-mention channel-wildcard-mention" data-user-id="*">@stream</span></p>',
    ].join(' ')],
    ['silent channel wildcard', '@_**all**', '<p><span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span></p>'],
    ['topic wildcard', '@**topic** @_**topic**', '<p><span class="topic-mention">@topic</span> <span class="topic-mention silent">topic</span></p>'],
    ['group mention', '@*support*', '<p><span class="user-group-mention" data-user-group-id="17">@support</span></p>'],
    ['silent group mention', '@_*Support*', '<p><span class="user-group-mention silent" data-user-group-id="17">support</span></p>'],
    ['unknown group: emphasis', '@*nogroup*', '<p>@<em>nogroup</em></p>'],
    ['channel link', '#**design team**', '<p><a class="stream" data-stream-id="9" href="/#narrow/channel/9-design-team">#design team</a></p>'],
    [
      'channel and topic link',
      '#**design team>api v1.0**',
      '<p><a class="stream-topic" data-stream-id="9" href="/#narrow/channel/9-design-team/topic/api.20v1.2E0">#design team &gt; api v1.0</a></p>',
    ],
    [
      'topic link with the oldest readable message',
      '#**design team>lunch**',
      '<p><a class="stream-topic" data-stream-id="9" href="/#narrow/channel/9-design-team/topic/lunch/with/31">#design team &gt; lunch</a></p>',
    ],
    [
      'link to the empty topic',
      '#**design team>**',
      '<p><a class="stream-topic" data-stream-id="9" href="/#narrow/channel/9-design-team/topic/">#design team &gt; <em>general chat</em></a></p>',
    ],
    [
      'message link',
      '#**design team>lunch@42**',
      '<p><a class="message-link" href="/#narrow/channel/9-design-team/topic/lunch/near/42">#design team &gt; lunch @ 💬</a></p>',
    ],
    ['unknown or hidden channel: left as text', '#**secret**', '<p>#<strong>secret</strong></p>'],
    // Zulip's names: `smile` is 1f642, and 😄 (1f604) is `big_smile`.
    ['emoji by name', ':smile:', '<p><span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span></p>'],
    ['emoji by Zulip alias', ':thumbs_up:', '<p><span aria-label="thumbs up" class="emoji emoji-1f44d" role="img" title="thumbs up">:thumbs_up:</span></p>'],
    ['emoji name with underscores', ':heart_eyes:', '<p><span aria-label="heart eyes" class="emoji emoji-1f60d" role="img" title="heart eyes">:heart_eyes:</span></p>'],
    // Zulip's pattern takes Python's Unicode `\w`: names with letters outside ASCII render too.
    ['emoji name with a non-ASCII letter', ':piñata:', '<p><span aria-label="piñata" class="emoji emoji-1fa85" role="img" title="piñata">:piñata:</span></p>'],
    ['emoji name with a macron', ':gyōza:', '<p><span aria-label="gyōza" class="emoji emoji-1f95f" role="img" title="gyōza">:gyōza:</span></p>'],
    ['flag name with a non-ASCII letter', ':flag_türkiye:', '<p><span aria-label="flag türkiye" class="emoji emoji-1f1f9-1f1f7" role="img" title="flag türkiye">:flag_türkiye:</span></p>'],
    ['emoji name from CLDR 46', ':mojito:', '<p><span aria-label="mojito" class="emoji emoji-1f34b-200d-1f7e9" role="img" title="mojito">:mojito:</span></p>'],
    ['custom emoji', ':green_tick:', '<p><img alt=":green_tick:" class="emoji" src="/user_avatars/2/emoji/images/1.png" title="green tick"></p>'],
    ['zulip emoji', ':zulip:', '<p><img alt=":zulip:" class="emoji" src="/static/generated/emoji/images/emoji/unicode/zulip.png" title="zulip"></p>'],
    ['unknown emoji name', ':not_an_emoji:', '<p>:not_an_emoji:</p>'],
    ['Unicode emoji wrapped', 'ok 😄', '<p>ok <span aria-label="big smile" class="emoji emoji-1f604" role="img" title="big smile">:big_smile:</span></p>'],
    ['Unicode emoji in code is left alone', '`😄`', '<p><code>😄</code></p>'],
    ['time', '<time:2024-01-01T10:00:00+02:00>', '<p><time datetime="2024-01-01T08:00:00Z">2024-01-01T10:00:00+02:00</time></p>'],
    ['time as a Unix timestamp', '<time:1700000000>', '<p><time datetime="2023-11-14T22:13:20Z">1700000000</time></p>'],
    ['invalid time', '<time:soon>', '<p><span class="timestamp-error">Invalid time format: soon</span></p>'],
    ['autolink', 'see https://example.com/a?b=1', '<p>see <a href="https://example.com/a?b=1">https://example.com/a?b=1</a></p>'],
    ['www autolink', 'www.example.com', '<p><a href="http://www.example.com">www.example.com</a></p>'],
    ['markdown link', '[docs](https://example.com/docs)', '<p><a href="https://example.com/docs">docs</a></p>'],
    [
      'inline image preview',
      'https://example.com/cat.png',
      '<p><a href="https://example.com/cat.png">https://example.com/cat.png</a></p>\n' +
        '<div class="message_inline_image"><a href="https://example.com/cat.png"><img src="/external_content/signed/68747470733a2f2f6578616d706c652e636f6d2f6361742e706e67"></a></div>',
    ],
    [
      'inline image preview of a titled link',
      '[a cat](https://example.com/cat.jpg)',
      '<p><a href="https://example.com/cat.jpg">a cat</a></p>\n' +
        '<div class="message_inline_image"><a href="https://example.com/cat.jpg" title="a cat"><img src="/external_content/signed/68747470733a2f2f6578616d706c652e636f6d2f6361742e6a7067"></a></div>',
    ],
    ['links into the realm are made relative', '[here](https://chat.example.com/#narrow/channel/9-x) https://chat.example.com/help', '<p><a href="#narrow/channel/9-x">here</a> <a href="https://chat.example.com/help">https://chat.example.com/help</a></p>'],
    [
      'uploads of the realm are relative and previewed',
      '[cat.png](https://chat.example.com/user_uploads/2/ab/cat.png)',
      '<p><a href="user_uploads/2/ab/cat.png">cat.png</a></p>\n' +
        '<div class="message_inline_image"><a href="user_uploads/2/ab/cat.png" title="cat.png"><img src="user_uploads/2/ab/cat.png"></a></div>',
    ],
    ['linkifier', 'fixes #123.', '<p>fixes <a href="https://trac.example.com/ticket/123">#123</a>.</p>'],
    [
      'linkifiers in order, none inside links or code',
      'ZUL-7 #8 `#9` [#10](https://x.example/)',
      '<p><a href="https://jira.example.com/7">ZUL-7</a> <a href="https://trac.example.com/ticket/8">#8</a> <code>#9</code> <a href="https://x.example/">#10</a></p>',
    ],
    [
      'table',
      '| a | b |\n|---|:-:|\n| 1 | 2 |',
      '<table>\n<thead>\n<tr>\n<th>a</th>\n<th style="text-align: center;">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td style="text-align: center;">2</td>\n</tr>\n</tbody>\n</table>',
    ],
    ['/me', '/me waves', '<p>/me waves</p>'],
  ])('%s', (_name, content, expected) => {
    expect(html(content)).toBe(expected);
  });

  it('renders inline math with KaTeX and a bad formula as tex-error', () => {
    // KaTeX's own markup (pinned `katex`), MathML for readers and HTML for the eye, in Zulip's <p>.
    expect(html('$$x$$')).toBe(
      '<p><span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mi>x</mi></mrow>' +
        '<annotation encoding="application/x-tex">x</annotation></semantics></math></span><span class="katex-html" aria-hidden="true">' +
        '<span class="base"><span class="strut" style="height:0.4306em;"></span><span class="mord mathnormal">x</span></span></span></span></p>',
    );
    const math = html('$$x^2$$');
    expect(math.startsWith('<p><span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML">')).toBe(true);
    expect(math).toContain('<annotation encoding="application/x-tex">x^2</annotation>');
    expect(html('$$\\nosuchcommand$$')).toBe('<p><span class="tex-error">$$\\nosuchcommand$$</span></p>');
  });

  it('renders ```math as display math', () => {
    expect(html('```math\n\\frac{1}{2}\n```').startsWith('<p><span class="katex-display"><span class="katex">')).toBe(true);
    expect(html('```math\nx\n```')).toBe(
      '<p><span class="katex-display"><span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML" display="block">' +
        '<semantics><mrow><mi>x</mi></mrow><annotation encoding="application/x-tex">x</annotation></semantics></math></span>' +
        '<span class="katex-html" aria-hidden="true"><span class="base"><span class="strut" style="height:0.4306em;"></span>' +
        '<span class="mord mathnormal">x</span></span></span></span></span></p>',
    );
  });

  it('renders a ```math block as Zulip does: paragraphs apart, to the same fence, nothing when empty', () => {
    const display = (tex: string) => html(`\`\`\`math\n${tex}\n\`\`\``).slice('<p>'.length, -'</p>'.length);
    expect(html('```math\na\n\nb\n```')).toBe(`<p>${display('a')}\n\n${display('b')}</p>`);
    expect(html('```math\nx')).toBe(html('```math\nx\n```'));
    expect(html('```math\n```\ntext')).toBe('<p>text</p>');
    expect(html('```tex\nx\n```')).toBe('<div class="codehilite" data-code-language="TeX"><pre><span></span><code>x\n</code></pre></div>');
  });

  it('reports mentions: direct, group, wildcards; silent ones are not reported', () => {
    const outcome = renderZulipMarkdown('@**Iago** @*support* @**all** @**topic** @_**Iago** @**Gone Person** @_*support*', data);
    expect([...outcome.mentionedUserIds]).toEqual([5]);
    expect([...outcome.mentionedGroupIds]).toEqual([17]);
    expect([...outcome.silentlyMentionedGroupIds]).toEqual([17]);
    expect([outcome.streamWildcard, outcome.topicWildcard]).toEqual([true, true]);
    const silent = renderZulipMarkdown('@_**Iago** @_**all** @_**topic** `@**Iago**`', data);
    expect([[...silent.mentionedUserIds], silent.streamWildcard, silent.topicWildcard]).toEqual([[], false, false]);
  });
});

describe('renderZulipMarkdown: nothing gets through as markup', () => {
  it.each<[string, string]>([
    ['<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['<img src=x onerror=alert(1)>', '<p>&lt;img src=x onerror=alert(1)&gt;</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<p>&lt;a href="javascript:alert(1)"&gt;x&lt;/a&gt;</p>'],
    ['[x](javascript:alert(1))', '<p>[x](javascript:alert(1))</p>'],
    ['[x](JaVaScRiPt:alert(1))', '<p>[x](JaVaScRiPt:alert(1))</p>'],
    ['[x](vbscript:msgbox)', '<p>[x](vbscript:msgbox)</p>'],
    ['[x](data:text/html;base64,PHNjcmlwdD4=)', '<p>[x](data:text/html;base64,PHNjcmlwdD4=)</p>'],
    ['<javascript:alert(1)>', '<p>&lt;javascript:alert(1)&gt;</p>'],
    ['[x](https://ok.example/" onmouseover="alert(1))', '<p>[x](<a href="https://ok.example/">https://ok.example/</a>" onmouseover="alert(1))</p>'],
    ['<div style="position:fixed">x</div>', '<p>&lt;div style="position:fixed"&gt;x&lt;/div&gt;</p>'],
    ['**<b onclick=alert(1)>x</b>**', '<p><strong>&lt;b onclick=alert(1)&gt;x&lt;/b&gt;</strong></p>'],
    ['<iframe src="https://evil.example"></iframe>', '<p>&lt;iframe src="<a href="https://evil.example">https://evil.example</a>"&gt;&lt;/iframe&gt;</p>'],
    ['```"><script>alert(1)</script>\nx\n```', '<div class="codehilite" data-code-language="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"><pre><span></span><code>x\n</code></pre></div>'],
    ['```spoiler <img src=x onerror=alert(1)>\nx\n```', '<div class="spoiler-block"><div class="spoiler-header">\n<p>&lt;img src=x onerror=alert(1)&gt;</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>x</p>\n</div></div>'],
    ['<time:"><script>alert(1)</script>>', '<p><span class="timestamp-error">Invalid time format: "</span>&lt;script&gt;alert(1)&lt;/script&gt;&gt;</p>'],
    ['https://example.com/x.png"onerror="alert(1)', '<p><a href="https://example.com/x.png%22onerror=%22alert(1)">https://example.com/x.png"onerror="alert(1)</a></p>'],
  ])('%s', (content, expected) => {
    expect(html(content)).toBe(expected);
  });

  it('adds no image previews where Zulip renders with no_previews (descriptions)', () => {
    const noPreviews = { ...data, imagePreviews: false };
    expect(renderZulipMarkdown('https://example.com/cat.png :smile:', noPreviews).html).toBe(
      '<p><a href="https://example.com/cat.png">https://example.com/cat.png</a> ' +
        '<span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span></p>',
    );
  });

  it('never emits a script tag, an event handler or a javascript: URL', () => {
    const nasty = [
      '<scr<script>ipt>', '[a](java\tscript:alert(1))', '![x](javascript:alert(1))', '<svg onload=alert(1)>',
      '@**<script>**', '#**<img src=x>**', ':<script>:', '> <script>', '```quote\n<script>\n```',
      '$$\\href{javascript:alert(1)}{x}$$', '$$\\url{javascript:alert(1)}$$', '```math\n\\htmlStyle{color:red}{x}\n```',
    ];
    for (const content of nasty) {
      const out = html(content);
      // Text `<` is escaped, so `<x` is a real tag.
      expect(out).not.toMatch(/<script|<svg|<iframe|<[a-z][^>]*\son\w+=|(href|src)="\s*javascript:|style="[^"]*color:red/i);
    }
  });
});

describe('renderZulipMarkdown: uploaded image previews (Zulip 10.2 thumbnails)', () => {
  const thumb = { extension: 'webp', maxWidth: 840, maxHeight: 560, contentType: 'image/webp', width: 840, height: 473, byteSize: 10 };
  const uploads = new Map([
    ['2/ab/Xy/cat.png', uploadPreviewOf('2/ab/Xy/cat.png', { width: 1920, height: 1080, frames: 1, contentType: 'image/png' }, [])],
    ['2/cd/Zw/dance.gif', uploadPreviewOf('2/cd/Zw/dance.gif', { width: 64, height: 48, frames: 8, contentType: 'image/gif' }, [
      { ...thumb, animated: true },
      { ...thumb, animated: false },
    ])],
    ['2/ef/Qq/photo', uploadPreviewOf('2/ef/Qq/photo', { width: 30, height: 20, frames: 1, contentType: 'image/jpeg' }, [{ ...thumb, animated: false }])],
  ]);
  const withUploads = { ...data, uploadPreviews: uploads };
  const render = (content: string) => renderZulipMarkdown(content, withUploads).html;

  it('shows the spinner, with the original size and type, for an image not thumbnailed yet', () => {
    expect(render('[cat.png](/user_uploads/2/ab/Xy/cat.png)')).toBe(
      '<p><a href="/user_uploads/2/ab/Xy/cat.png">cat.png</a></p>\n' +
        '<div class="message_inline_image"><a href="/user_uploads/2/ab/Xy/cat.png" title="cat.png">' +
        '<img class="image-loading-placeholder" data-original-content-type="image/png" data-original-dimensions="1920x1080" src="/static/images/loading/loader-black.svg">' +
        '</a></div>',
    );
  });

  it('links the animated thumbnail of an animated image', () => {
    expect(render('[dance.gif](/user_uploads/2/cd/Zw/dance.gif)')).toBe(
      '<p><a href="/user_uploads/2/cd/Zw/dance.gif">dance.gif</a></p>\n' +
        '<div class="message_inline_image"><a href="/user_uploads/2/cd/Zw/dance.gif" title="dance.gif">' +
        '<img data-animated="true" data-original-content-type="image/gif" data-original-dimensions="64x48" src="/user_uploads/thumbnail/2/cd/Zw/dance.gif/840x560-anim.webp">' +
        '</a></div>',
    );
  });

  it('previews an uploaded image by its header whatever its name, and an upload that is no image not at all', () => {
    expect(render('[photo](/user_uploads/2/ef/Qq/photo)')).toContain('src="/user_uploads/thumbnail/2/ef/Qq/photo/840x560.webp"');
    expect(render('[fake.png](/user_uploads/2/zz/Nn/fake.png)')).toBe('<p><a href="/user_uploads/2/zz/Nn/fake.png">fake.png</a></p>');
  });
});
