import type { ReactNode } from 'react';
import { Dialog } from './Dialog';

interface FormDialogProps {
  title: string;
  /** The id of the form inside, which the dialog's submit button submits. */
  formId: string;
  submitLabel: string;
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** A dialog around a form, with Cancel and the form's submit button under it. */
export function FormDialog({ title, formId, submitLabel, busy, onClose, children }: FormDialogProps) {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      className="admin-dialog"
      footer={
        <>
          <button type="button" className="button-quiet" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button-primary" disabled={busy}>
            {submitLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
