import { useEffect, useRef } from 'react';
import { SHORTCUT_LIST } from '../app/keyboard';

/** `?`: the keyboard shortcuts, in a modal dialog (Escape or Close shuts it). */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} className="shortcuts-dialog" aria-labelledby="shortcuts-title" onClose={onClose}>
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <table className="shortcuts-table">
        <tbody>
          {SHORTCUT_LIST.map((shortcut) => (
            <tr key={shortcut.does}>
              <th scope="row">
                {shortcut.keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 ? ' or ' : null}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </th>
              <td>{shortcut.does}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form method="dialog">
        <button type="submit" className="button-primary" autoFocus>
          Close
        </button>
      </form>
    </dialog>
  );
}
