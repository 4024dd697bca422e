import { useRef, useState } from 'react';
import { EditHistoryDialog } from './EditHistoryDialog';

/** "(edited)" or "(moved)" after a message; pressing it shows the message's edit history. */
export function EditedMarker({ messageId, edited, moved }: { messageId: number; edited: boolean; moved: boolean }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!edited && !moved) return null;
  return (
    <>
      <button ref={button} type="button" className="message-marker" title="View edit history" onClick={() => setOpen(true)}>
        {edited ? '(edited)' : '(moved)'}
      </button>
      {open ? (
        <EditHistoryDialog
          messageId={messageId}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
