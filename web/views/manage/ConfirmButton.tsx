import { useState } from 'react';
import { useRequest } from '../../app/use-request';
import { Dialog } from '../../components/Dialog';
import { FieldMessage } from '../settings/FieldMessage';

interface ConfirmButtonProps {
  /** The button's words ("Archive channel"), the dialog's title and what it explains. */
  readonly label: string;
  readonly title: string;
  readonly explanation: string;
  readonly confirmLabel: string;
  readonly action: () => Promise<void>;
}

/** A button for a change that cannot be undone from the page: it asks first, and shows the server's refusal in the dialog. */
export function ConfirmButton({ label, title, explanation, confirmLabel, action }: ConfirmButtonProps) {
  const request = useRequest();
  const [asking, setAsking] = useState(false);
  return (
    <div className="setting-row">
      <button type="button" className="button-quiet danger-text" onClick={() => setAsking(true)}>
        {label}
      </button>
      {asking ? (
        <Dialog
          title={title}
          onClose={() => setAsking(false)}
          footer={
            <>
              <button type="button" className="button-quiet" onClick={() => setAsking(false)}>
                Cancel
              </button>
              <button type="button" className="button-primary danger-fill" disabled={request.busy} onClick={() => void request.run(action).then((done) => done && setAsking(false))}>
                {confirmLabel}
              </button>
            </>
          }
        >
          <p>{explanation}</p>
          <FieldMessage id="confirm-message" error={request.error} />
        </Dialog>
      ) : null}
    </div>
  );
}
