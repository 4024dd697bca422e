import { useId, useState, type FormEvent } from 'react';
import type { WireLinkifier } from '../../api/types';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { FormDialog } from '../../components/FormDialog';
import { FieldMessage } from '../settings/FieldMessage';

/**
 * A linkifier's pattern and URL template: the add form in the section (emptied once added),
 * or, for an existing one, Zulip's "Edit linkifiers" dialog.
 */
export function LinkifierForm({ linkifier, onDone }: { linkifier: WireLinkifier | null; onDone: () => void }) {
  const actions = useAdminActions();
  const request = useRequest();
  const [pattern, setPattern] = useState(linkifier?.pattern ?? '');
  const [template, setTemplate] = useState(linkifier?.url_template ?? '');
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await request.run(() => (linkifier === null ? actions.addLinkifier(pattern, template) : actions.updateLinkifier(linkifier.id, pattern, template)));
    if (!saved) return;
    if (linkifier === null) {
      setPattern('');
      setTemplate('');
    }
    onDone();
  };
  const fields = (
    <form id={`${id}-form`} className="admin-form" onSubmit={(event) => void submit(event)}>
      <div className="setting-row">
        <label htmlFor={`${id}-pattern`}>Pattern</label>
        <input id={`${id}-pattern`} type="text" value={pattern} placeholder="#(?P<id>[0-9]+)" onChange={(event) => setPattern(event.target.value)} />
      </div>
      <div className="setting-row">
        <label htmlFor={`${id}-template`}>URL template</label>
        <input id={`${id}-template`} type="text" value={template} placeholder="https://github.com/zulip/zulip/issues/{id}" onChange={(event) => setTemplate(event.target.value)} />
      </div>
      <FieldMessage id={`${id}-message`} error={request.error} done={linkifier === null && request.done ? 'Linkifier added.' : null} />
      {linkifier === null ? (
        <button type="submit" className="button-primary" disabled={request.busy}>
          Add linkifier
        </button>
      ) : null}
    </form>
  );
  if (linkifier === null) return fields;
  return (
    <FormDialog title="Edit linkifier" formId={`${id}-form`} submitLabel="Save changes" busy={request.busy} onClose={onDone}>
      {fields}
    </FormDialog>
  );
}
