import { useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { inSettingGroup } from '../store/permissions';
import { useSelector } from '../store/use-store';

interface RenderedContentProps {
  /** The server's `rendered_content`: sanitized by the server's Markdown processor. */
  html: string;
}

/** `emoji-1f44d` or `emoji-1f1e8-1f1e6`: the code points of a Unicode emoji the server named. */
const EMOJI_CLASS = /^emoji-([0-9a-f]{2,6}(?:-[0-9a-f]{2,6})*)$/;

/** `<time>` in the reader's own time zone, as Zulip's rendered_markdown shows it. */
const LOCAL_TIME = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const FULL_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });

/** Shows or hides a spoiler's content (Zulip's spoiler toggle), keeping its state for assistive technology. */
function toggleSpoiler(header: HTMLElement): void {
  const block = header.closest('.spoiler-block');
  const content = block?.querySelector('.spoiler-content');
  if (block === null || block === undefined || content === null || content === undefined) return;
  const open = block.classList.toggle('spoiler-open');
  header.setAttribute('aria-expanded', String(open));
  content.setAttribute('aria-hidden', String(!open));
}

/**
 * A message's rendered Markdown, the only HTML the app inserts. After insertion, as
 * Zulip's rendered_markdown.ts does, and only through attributes and text: Unicode emoji
 * (`<span class="emoji emoji-<code points>">:name:</span>`, Zulip's sprite-sheet form)
 * show as the character itself; an image that fails to load (an external one the proxy
 * could not fetch) is hidden rather than shown broken, its link kept; mentions of the
 * reader (by name, a group they are in, or everyone) are marked; `<time>` shows in the
 * reader's time zone; spoiler headers become buttons that open their content (one
 * delegated handler, no listeners per element).
 */
export function RenderedContent({ html }: RenderedContentProps) {
  const container = useRef<HTMLDivElement>(null);
  const me = useSelector((state) => state.session?.userId ?? -1);
  const groups = useSelector((state) => state.groups);
  useLayoutEffect(() => {
    const root = container.current;
    if (root === null) return undefined;
    for (const span of root.querySelectorAll<HTMLSpanElement>('span.emoji')) {
      const codes = [...span.classList].map((name) => EMOJI_CLASS.exec(name)?.[1]).find((match) => match !== undefined);
      if (codes === undefined) continue;
      span.textContent = String.fromCodePoint(...codes.split('-').map((code) => Number.parseInt(code, 16)));
    }
    for (const time of root.querySelectorAll('time')) {
      const date = new Date(time.getAttribute('datetime') ?? '');
      if (Number.isNaN(date.getTime())) continue;
      time.textContent = LOCAL_TIME.format(date);
      time.title = `${FULL_TIME.format(date)} (your time zone)`;
    }
    for (const header of root.querySelectorAll<HTMLElement>('.spoiler-header')) {
      header.setAttribute('role', 'button');
      header.tabIndex = 0;
      header.setAttribute('aria-expanded', String(header.closest('.spoiler-block')?.classList.contains('spoiler-open') === true));
      if ((header.textContent ?? '').trim() === '') {
        header.classList.add('spoiler-header-empty');
        header.setAttribute('aria-label', 'Spoiler');
      }
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
  useLayoutEffect(() => {
    const root = container.current;
    if (root === null) return;
    for (const mention of root.querySelectorAll<HTMLElement>('.user-mention, .user-group-mention, .topic-mention')) {
      const user = mention.dataset.userId;
      const group = mention.dataset.userGroupId;
      const mine =
        mention.classList.contains('topic-mention') ||
        user === '*' ||
        user === String(me) ||
        (group !== undefined && inSettingGroup(groups, Number(group), me));
      mention.classList.toggle('user-mention-me', mine && !mention.classList.contains('silent'));
    }
  }, [html, me, groups]);

  const spoilerHeader = (target: EventTarget) => (target instanceof Element ? target.closest<HTMLElement>('.spoiler-header') : null);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const header = spoilerHeader(event.target);
    // A link inside the header still works as a link.
    if (header === null || (event.target as Element).closest('a') !== null) return;
    toggleSpoiler(header);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const header = spoilerHeader(event.target);
    if (header === null || header !== event.target || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    toggleSpoiler(header);
  };
  // Clicks and keys reach the spoiler headers through this container (delegated).
  return <div ref={container} className="message-content rendered-markdown" onClick={onClick} onKeyDown={onKeyDown} dangerouslySetInnerHTML={{ __html: html }} />;
}
