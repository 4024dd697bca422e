import type { ReactNode } from 'react';
import { Dialog } from './Dialog';

interface FormDialogProps {
  title: string;
  /** The id of the form inside, which the dialog's submit button submits. */
  formId: string;
  submitLabel: string;
  busy: boolean;
  onClose: () => void;
  /** The dialog's class: `admin-dialog` unless a form needs more room (`dialog-wide`). */
  className?: string;
  cancelLabel?: string;
  children: ReactNode;
}

/** A dialog around a form, with Cancel and the form's submit button under it. */
export function FormDialog({ title, formId, submitLabel, busy, onClose, className = 'admin-dialog', cancelLabel = 'Cancel', children }: FormDialogProps) {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      className={className}
      footer={
        <>
          <button type="button" className="button-quiet" onClick={onClose}>
            {cancelLabel}
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
