import { contentDisposition, sanitizeFileName, servedInline, truncateFileName, uploadContentType, withDetectedCharset } from './upload-files';
import { potentialAttachmentPathIds } from './attachment-links';

describe('sanitizeFileName (Zulip sanitize_name)', () => {
  it.each([
    ['zulip.txt', 'zulip.txt'],
    ['my file (1).PDF', 'my-file-1.PDF'],
    ['  spaced   out  .png', 'spaced-out-.png'],
    ['a--b - c.txt', 'a-b-c.txt'],
    ['Ünïcödé файл.txt', 'Ünïcödé-файл.txt'],
    ['<script>alert(1)</script>.html', 'scriptalert1script.html'],
    ['../../etc/passwd', '....etcpasswd'],
    ['..', 'uploaded-file'],
    ['???', 'uploaded-file'],
    ['ﬁle.txt', 'file.txt'],
  ])('%j -> %j', (input, output) => {
    expect(sanitizeFileName(input)).toBe(output);
  });

  it('truncates to 255 bytes keeping the extension', () => {
    const name = truncateFileName(`${'é'.repeat(200)}.txt`);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    expect(name.endsWith('.txt')).toBe(true);
    expect(name).toBe(`${'é'.repeat(125)}.txt`);
  });
});

describe('content types', () => {
  it('takes the client type, else guesses from the name', () => {
    expect(uploadContentType('image/png', 'x.bin')).toBe('image/png');
    expect(uploadContentType('', 'x.pdf')).toBe('application/pdf');
    expect(uploadContentType('application/octet-stream', 'x.txt')).toBe('text/plain');
    expect(uploadContentType('', 'x.unknownext')).toBe('application/octet-stream');
    expect(uploadContentType('text/plain', 'x.pdf')).toBe('application/pdf');
    expect(uploadContentType('text/plain', 'notes')).toBe('text/plain');
  });

  it('adds the charset plain text shows, as Zulip does', () => {
    expect(withDetectedCharset('text/plain', Buffer.from('hello'))).toBe('text/plain; charset="ascii"');
    expect(withDetectedCharset('text/plain', Buffer.from('héllo'))).toBe('text/plain; charset="utf-8"');
    expect(withDetectedCharset('text/plain', Buffer.from([0xff, 0xfe, 0x41]))).toBe('text/plain');
    expect(withDetectedCharset('text/plain; charset=latin1', Buffer.from('x'))).toBe('text/plain; charset=latin1');
    expect(withDetectedCharset('image/png', Buffer.from('x'))).toBe('image/png');
  });

  it('serves only safe types inline', () => {
    expect(servedInline('image/png')).toBe(true);
    expect(servedInline('text/plain; charset=utf-8')).toBe(true);
    expect(servedInline('text/html')).toBe(false);
    expect(servedInline('image/svg+xml')).toBe(false);
    expect(servedInline('application/octet-stream')).toBe(false);
  });

  it('writes Content-Disposition as Zulip does', () => {
    expect(contentDisposition('a"b.txt', true)).toBe('inline; filename="a\\"b.txt"');
    expect(contentDisposition('файл.txt', false)).toBe("attachment; filename*=utf-8''%D1%84%D0%B0%D0%B9%D0%BB.txt");
  });
});

describe('potentialAttachmentPathIds', () => {
  const hosts = ['acme.example.com'];
  it('finds Markdown links and bare realm URLs', () => {
    const content = [
      '[a.txt](/user_uploads/2/ab/XyZ/a.txt) and [b](https://acme.example.com/user_uploads/2/cd/Qq/b%20c.pdf "t")',
      'bare https://acme.example.com/user_uploads/2/ef/Rr/c.png. elsewhere https://evil.example.org/user_uploads/2/gh/Ss/d.png',
      '[dup](/user_uploads/2/ab/XyZ/a.txt) [thumb](/user_uploads/thumbnail/2/ab/XyZ/a.png/840x560.webp)',
      '[bad](/user_uploads/x/y) [rel](user_uploads/2/ab/c/d.txt)',
    ].join('\n');
    expect(potentialAttachmentPathIds(content, hosts)).toEqual(['2/ab/XyZ/a.txt', '2/cd/Qq/b c.pdf', '2/ef/Rr/c.png']);
  });
});
