import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError } from '../api/client';
import { useActions } from '../app/services';

/**
 * Editing a message in place: its Markdown source in a textbox; Ctrl/Cmd+Enter or Save
 * saves, Escape or Cancel leaves it as it was. A refusal shows the server's words here.
 */
export function MessageEditor({ messageId, onDone }: { messageId: number; onDone: () => void }) {
  const actions = useActions();
  // The text being edited: the person's own until saved (the store keeps the rendering).
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const textbox = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    let live = true;
    actions.rawContent(messageId).then(
      (raw) => live && setText(raw),
      (error: unknown) => live && setProblem(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [actions, messageId]);
  const loaded = text !== null;
  useEffect(() => {
    if (loaded) textbox.current?.focus();
  }, [loaded]);

  const save = async () => {
    if (text === null) return;
    try {
      await actions.edit(messageId, text);
      onDone();
    } catch (error) {
      setProblem(error instanceof ApiError || error instanceof Error ? error.message : String(error));
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onDone();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  };
  return (
    <div className="message-editor">
      <textarea ref={textbox} aria-label="Edit message" className="compose-text" value={text ?? ''} disabled={text === null} onChange={(event) => setText(event.target.value)} onKeyDown={onKeyDown} />
      {problem === null ? null : (
        <p className="compose-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="compose-footer">
        <button type="button" className="button-quiet" onClick={onDone}>
          Cancel
        </button>
        <button type="button" className="button-primary" onClick={() => void save()} disabled={text === null}>
          Save
        </button>
      </div>
    </div>
  );
}
