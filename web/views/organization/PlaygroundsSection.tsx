import { useId, useState, type FormEvent } from 'react';
import type { WirePlayground } from '../../api/types';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { isRealmAdmin } from '../../store/permissions';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from '../settings/FieldMessage';
import { AdminOnlyNote } from './AdminOnlyNote';
import { RowActions } from './RowActions';

/** Zulip's "Add a new code playground" form: language, name, URL template (emptied once added). */
function AddPlaygroundForm() {
  const actions = useAdminActions();
  const request = useRequest();
  const [language, setLanguage] = useState('');
  const [name, setName] = useState('');
  const [template, setTemplate] = useState('');
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await request.run(() => actions.addPlayground(name, language, template)))) return;
    setLanguage('');
    setName('');
    setTemplate('');
  };
  return (
    <form className="admin-form" onSubmit={(event) => void submit(event)}>
      <div className="setting-row">
        <label htmlFor={`${id}-language`}>Language</label>
        <input id={`${id}-language`} type="text" value={language} placeholder="Python" onChange={(event) => setLanguage(event.target.value)} />
      </div>
      <div className="setting-row">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} type="text" value={name} placeholder="Python playground" onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="setting-row">
        <label htmlFor={`${id}-template`}>URL template</label>
        <input id={`${id}-template`} type="text" value={template} placeholder="https://python.example.com?code={code}" onChange={(event) => setTemplate(event.target.value)} />
      </div>
      <FieldMessage id={`${id}-message`} error={request.error} done={request.done ? 'Code playground added.' : null} />
      <button type="submit" className="button-primary" disabled={request.busy}>
        Add code playground
      </button>
    </form>
  );
}

/**
 * Zulip's `playground-settings`: where a code block of a language can be opened (a link in
 * its corner). Administrators add and delete them; everyone sees the list (register's
 * `realm_playgrounds`, then its events).
 */
export function PlaygroundsSection() {
  const playgrounds = useSelector((state) => state.playgrounds);
  const admin = useSelector(isRealmAdmin);
  const actions = useAdminActions();
  const [deleting, setDeleting] = useState<WirePlayground | null>(null);
  return (
    <>
      <AdminOnlyNote />
      <p className="setting-note section-intro">Code playgrounds let people open a code block of a language in an outside tool, with the block’s code filled in.</p>
      {admin ? (
        <fieldset className="settings-group">
          <legend>Add a new code playground</legend>
          <AddPlaygroundForm />
        </fieldset>
      ) : null}
      {playgrounds.length === 0 ? <p className="empty-note">No playgrounds configured.</p> : null}
      <ul className="settings-list" aria-label="Code playgrounds">
        {playgrounds.map((playground) => (
          <li key={playground.id}>
            <div className="admin-row-text">
              <span className="admin-row-name">{playground.name}</span>
              <span className="admin-row-detail">Language: {playground.pygments_language}</span>
              <span className="admin-row-detail">{playground.url_template}</span>
            </div>
            {admin ? <RowActions name={playground.name} onRemove={() => setDeleting(playground)} /> : null}
          </li>
        ))}
      </ul>
      {deleting === null ? null : (
        <ConfirmDialog title="Delete code playground?" action="Delete" run={() => actions.removePlayground(deleting.id)} onClose={() => setDeleting(null)}>
          <p>Code blocks in {deleting.pygments_language} will no longer offer {deleting.name}.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
