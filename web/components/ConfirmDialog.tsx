import type { ReactNode } from 'react';
import { useRequest } from '../app/use-request';
import { Dialog } from './Dialog';

interface ConfirmDialogProps {
  title: string;
  /** The button's word ("Delete", "Deactivate"). */
  action: string;
  /** The request the button makes; the dialog closes once it succeeds, or shows the server's words. */
  run: () => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}

/** A "Delete …?" confirmation for a destructive change, as Zulip asks before one. */
export function ConfirmDialog({ title, action, run, onClose, children }: ConfirmDialogProps) {
  const request = useRequest();
  const confirm = async () => {
    if (await request.run(run)) onClose();
  };
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button-quiet" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button-danger" disabled={request.busy} onClick={() => void confirm()}>
            {action}
          </button>
        </>
      }
    >
      {children}
      {request.error === null ? null : (
        <p className="dialog-problem" role="alert">
          {request.error}
        </p>
      )}
    </Dialog>
  );
}
