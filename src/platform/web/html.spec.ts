import { html, trustedHtml } from './html';

describe('html templates', () => {
  it('escapes interpolated text and keeps nested templates', () => {
    const name = `<script>alert('x')</script> & "co"`;
    const inner = html`<b>${name}</b>`;
    expect(html`<p>${inner} ${3} ${null}${[html`<i>a</i>`, '<']}</p>`.value).toBe(
      `<p><b>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;co&quot;</b> 3 <i>a</i>&lt;</p>`,
    );
    expect(html`${trustedHtml('<hr>')}`.value).toBe('<hr>');
  });
});
