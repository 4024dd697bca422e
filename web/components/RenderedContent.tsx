import { useLayoutEffect, useRef } from 'react';

interface RenderedContentProps {
  /** The server's `rendered_content`: sanitized by the server's Markdown processor. */
  html: string;
}

/** `emoji-1f44d` or `emoji-1f1e8-1f1e6`: the code points of a Unicode emoji the server named. */
const EMOJI_CLASS = /^emoji-([0-9a-f]{2,6}(?:-[0-9a-f]{2,6})*)$/;

/**
 * A message's rendered Markdown, the only HTML the app inserts. The server marks Unicode
 * emoji as `<span class="emoji emoji-<code points>">:name:</span>` (Zulip's form, which its
 * web client draws from a sprite sheet); this shows the character itself, so no image is
 * needed. An image that fails to load (an external one the proxy could not fetch) is hidden
 * rather than shown broken; its link stays.
 */
export function RenderedContent({ html }: RenderedContentProps) {
  const container = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = container.current;
    if (root === null) return undefined;
    for (const span of root.querySelectorAll<HTMLSpanElement>('span.emoji')) {
      const codes = [...span.classList].map((name) => EMOJI_CLASS.exec(name)?.[1]).find((match) => match !== undefined);
      if (codes === undefined) continue;
      span.textContent = String.fromCodePoint(...codes.split('-').map((code) => Number.parseInt(code, 16)));
    }
    const hide = (event: Event) => (event.target as HTMLElement).closest('.message_inline_image')?.classList.add('image-unavailable');
    const images = [...root.querySelectorAll('img')];
    for (const image of images) {
      if (image.complete && image.naturalWidth === 0 && image.getAttribute('src')) image.closest('.message_inline_image')?.classList.add('image-unavailable');
      image.addEventListener('error', hide);
    }
    return () => {
      for (const image of images) image.removeEventListener('error', hide);
    };
  }, [html]);
  return <div ref={container} className="message-content rendered-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
