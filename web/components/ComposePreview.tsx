import { useEffect, useState } from 'react';
import { useActions } from '../app/services';
import { RenderedContent } from './RenderedContent';

/** What the message will look like: the server renders it (`POST /messages/render`), as it would the sent message. */
export function ComposePreview({ content }: { content: string }) {
  const actions = useActions();
  const [rendered, setRendered] = useState<{ html: string } | { error: string } | null>(null);
  useEffect(() => {
    if (content.trim() === '') return undefined;
    const abort = new AbortController();
    setRendered(null);
    actions.compose.render(content, abort.signal).then(
      (html) => setRendered({ html }),
      (error: unknown) => {
        if (!abort.signal.aborted) setRendered({ error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => abort.abort();
  }, [actions, content]);
  return (
    <section className="compose-preview" aria-label="Preview" aria-busy={rendered === null}>
      {content.trim() === '' ? (
        <p className="compose-preview-empty">Nothing to preview.</p>
      ) : rendered === null ? (
        <p className="compose-preview-empty">Rendering…</p>
      ) : 'error' in rendered ? (
        <p role="alert">{rendered.error}</p>
      ) : (
        <RenderedContent html={rendered.html} />
      )}
    </section>
  );
}
