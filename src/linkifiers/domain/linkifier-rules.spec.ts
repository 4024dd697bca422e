import { linkifierErrors } from './linkifier-rules';
import { templateVariables } from './url-template-syntax';

describe('URL template syntax (RFC 6570)', () => {
  it('names the variables of valid templates', () => {
    expect(templateVariables('https://example.com/ticket/{id}')).toEqual(['id']);
    expect(templateVariables('https://x.example/{org}/{repo}/issues/{id}{?q,lang}{#frag}')).toEqual(['org', 'repo', 'id', 'q', 'lang', 'frag']);
    expect(templateVariables('https://x.example/{+path}{/seg*}{;p:3}{.ext}{&a.b}')).toEqual(['path', 'seg', 'p', 'ext', 'a.b']);
    expect(templateVariables('https://x.example/%20{id}')).toEqual(['id']);
    expect(templateVariables('https://x.example/')).toEqual([]);
  });

  it('refuses what is not a template', () => {
    for (const bad of [
      'https://x.example/{id',
      'https://x.example/{}',
      'https://x.example/{!id}',
      'https://x.example/{i d}',
      'https://x.example/{id:0}',
      'https://x.example/{id:10000}',
      'https://x.example/{.}',
      'https://x.example/{a..b}',
      'https://x.example/%zz',
      'https://x.example/ space',
      'https://x.example/}',
    ]) {
      expect(templateVariables(bad)).toBeNull();
    }
  });
});

describe("linkifier checks (Zulip's RealmFilter.full_clean)", () => {
  it('accepts a pattern whose named groups are the template variables', () => {
    expect(linkifierErrors('#(?P<id>[0-9]+)', 'https://trac.example.com/ticket/{id}')).toEqual({});
    expect(linkifierErrors('(a+)+$', 'https://example.com/')).toEqual({});
  });

  it('reports each problem under the field Django puts it in', () => {
    expect(linkifierErrors('', 'https://x.example/')).toEqual({ pattern: ['This field cannot be blank.'] });
    expect(linkifierErrors('#(?P<id>\\d+)', '')).toEqual({
      url_template: ['This field cannot be blank.'],
      __all__: ["Group 'id' in linkifier pattern is not present in URL template."],
    });
    expect(linkifierErrors('#(?P<id>\\d+)', 'https://x.example/{id')).toEqual({ url_template: ['Invalid URL template.'] });
    expect(linkifierErrors('#(?P<id>\\d+', 'https://x.example/{id}')).toEqual({
      __all__: ['Bad regular expression: missing closing ): `#(?P<id>\\d+`'],
    });
    expect(linkifierErrors('(?<=a)b', 'https://x.example/')).toEqual({ __all__: [expect.stringMatching(/^Bad regular expression: /)] });
    expect(linkifierErrors('#(?P<id>\\d+)', 'https://x.example/{id}/{zz}/{aa}')).toEqual({
      __all__: ["Group 'aa' in URL template is not present in linkifier pattern."],
    });
    expect(linkifierErrors('(?P<b>x)(?P<a>y)', 'https://x.example/')).toEqual({
      __all__: ["Group 'a' in linkifier pattern is not present in URL template."],
    });
  });

  it('refuses a URL template whose scheme could run script or an outside program', () => {
    const refused = { url_template: ['URL template must be a link of one of these schemes: http, https, ftp, mailto.'] };
    expect(linkifierErrors('#(?P<id>\\d+)', 'javascript:alert({id})')).toEqual(refused);
    expect(linkifierErrors('#(?P<id>\\d+)', 'VBScript:x({id})')).toEqual(refused);
    expect(linkifierErrors('#(?P<id>\\d+)', 'data:text/html,{id}')).toEqual(refused);
    expect(linkifierErrors('#(?P<id>\\d+)', 'mailto:ticket-{id}@example.com')).toEqual({});
    expect(linkifierErrors('#(?P<id>\\d+)', '/help/ticket/{id}')).toEqual({});
    // The scheme comes from the matched text: checked on each link instead.
    expect(linkifierErrors('go (?P<url>\\S+)', '{+url}')).toEqual({});
  });
});
