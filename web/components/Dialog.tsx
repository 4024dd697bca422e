import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The buttons under the content. */
  footer?: ReactNode;
  className?: string;
}

/**
 * A modal dialog: the browser's own `<dialog>` opened with showModal(), so focus stays
 * inside it, the rest of the page is inert, and Escape closes it (its `close` event tells
 * the owner, who unmounts it and puts focus back where it came from).
 */
export function Dialog({ title, onClose, children, footer, className }: DialogProps) {
  const element = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = element.current;
    if (dialog !== null && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  // A close event while the dialog is open again is the echo of the effect's own clean-up
  // (React's development mode runs it twice), not the person closing it.
  const closed = () => {
    if (element.current?.open !== true) onClose();
  };
  return (
    <dialog ref={element} className={['dialog', className].filter(Boolean).join(' ')} aria-labelledby={titleId} onClose={closed}>
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      <div className="dialog-body">{children}</div>
      {footer === undefined ? null : <div className="dialog-footer">{footer}</div>}
    </dialog>
  );
}
