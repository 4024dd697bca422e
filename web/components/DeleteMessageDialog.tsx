import { useState } from 'react';
import { useActions } from '../app/services';
import { Dialog } from './Dialog';

/** Zulip's "Delete message?" confirmation; the message goes from every view with the server's event. */
export function DeleteMessageDialog({ messageId, onClose }: { messageId: number; onClose: () => void }) {
  const actions = useActions();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await actions.messageTools.delete(messageId);
      onClose();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };
  return (
    <Dialog
      title="Delete message?"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button-quiet" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button-danger" disabled={busy} onClick={() => void confirm()}>
            Delete
          </button>
        </>
      }
    >
      <p>Deleting a message permanently removes it for everyone.</p>
      {problem === null ? null : (
        <p className="dialog-problem" role="alert">
          {problem}
        </p>
      )}
    </Dialog>
  );
}
