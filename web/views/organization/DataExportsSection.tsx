import { useEffect, useId, useState } from 'react';
import type { WireRealmExport } from '../../api/types';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { isRealmAdmin } from '../../store/permissions';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from '../settings/FieldMessage';
import { AdminOnlyNote } from './AdminOnlyNote';

const PUBLIC_EXPORT = 1;
const FULL_EXPORT = 2;

/**
 * The organization's data exports (Zulip's `data-exports-admin`, administrators only): start
 * a public or a full export (the consent summary beside it), follow each one through the
 * `realm_export` events, download a finished one, delete it.
 */
export function DataExportsSection() {
  const admin = useSelector(isRealmAdmin);
  return admin ? <ExportsForAdministrators /> : <AdminOnlyNote>Only organization administrators can export the organization’s data.</AdminOnlyNote>;
}

function ExportsForAdministrators() {
  const actions = useAdminActions();
  const load = useRequest();
  const exports = useSelector((state) => state.realmExports);
  const loaded = exports !== null;
  const { run } = load;

  // Fetched when the page opens, and again after a new register dropped the list.
  useEffect(() => {
    if (!loaded) void run(() => actions.loadExports());
  }, [actions, run, loaded]);

  const sorted = [...(exports ?? [])].sort((a, b) => b.export_time - a.export_time);
  return (
    <>
      <p className="setting-note admin-intro">
        A public export holds the organization’s public channels, its people, channels and groups. A full export also holds the private data of the members who allow it.
      </p>
      <StartExportForm />
      <section className="settings-group" aria-labelledby="exports-heading">
        <h3 id="exports-heading">Exports</h3>
        <FieldMessage id="exports-load-message" error={load.error} />
        {exports === null ? null : sorted.length === 0 ? (
          <p className="settings-empty">No exports yet.</p>
        ) : (
          <ul className="settings-list" aria-label="Exports">
            {sorted.map((entry) => (
              <ExportRow key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function StartExportForm() {
  const actions = useAdminActions();
  const request = useRequest();
  const [exportType, setExportType] = useState<1 | 2>(PUBLIC_EXPORT);
  const id = useId();
  return (
    <form
      className="setting-form"
      aria-label="Start an export"
      onSubmit={(event) => {
        event.preventDefault();
        void request.run(() => actions.startExport(exportType));
      }}
    >
      <label htmlFor={`${id}-type`}>Export type</label>
      <select id={`${id}-type`} value={exportType} onChange={(event) => setExportType(event.target.value === '2' ? FULL_EXPORT : PUBLIC_EXPORT)} aria-describedby={`${id}-consents ${id}-message`}>
        <option value={PUBLIC_EXPORT}>Public data</option>
        <option value={FULL_EXPORT}>Full, with members’ consent</option>
      </select>
      {exportType === FULL_EXPORT ? <ConsentSummary id={`${id}-consents`} /> : null}
      <button type="submit" className="button-primary" disabled={request.busy}>
        Start export
      </button>
      <FieldMessage id={`${id}-message`} error={request.error} done={request.done ? 'The export has started; it shows below when ready.' : null} />
    </form>
  );
}

/** How many active people let a full export hold their private data (`GET /export/realm/consents`, then `realm_export_consent`). */
function ConsentSummary({ id }: { id: string }) {
  const actions = useAdminActions();
  const load = useRequest();
  const consents = useSelector((state) => state.exportConsents);
  const loaded = consents !== null;
  const { run } = load;
  useEffect(() => {
    if (!loaded) void run(() => actions.loadExportConsents());
  }, [actions, run, loaded]);
  if (consents === null) return <FieldMessage id={id} error={load.error} />;
  const all = Object.values(consents);
  const yes = all.filter(Boolean).length;
  return (
    <p id={id} className="setting-note" role="status">
      {yes} of {all.length} people allow their private data in a full export; the others’ private messages and channels are left out.
    </p>
  );
}

/** One export: who asked and when, its state, and Download and Delete when it is ready. */
function ExportRow({ entry }: { entry: WireRealmExport }) {
  const actions = useAdminActions();
  const request = useRequest();
  const by = useSelector((state) => (state.users[entry.acting_user_id] ?? state.nonActiveUsers[entry.acting_user_id])?.fullName ?? 'Someone');
  const when = new Date(entry.export_time * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  const kind = entry.export_type === FULL_EXPORT ? 'Full export' : 'Public export';
  let status;
  if (entry.deleted_timestamp !== null) status = 'Deleted';
  else if (entry.failed_timestamp !== null) status = 'Failed';
  else if (entry.pending || entry.export_url === null) status = 'In progress…';
  else status = null;
  return (
    <li className="export-row">
      <span className="settings-list-main">
        {kind}
        <span className="settings-list-meta">
          {' '}
          by {by}, {when}
        </span>
      </span>
      {status === null ? (
        <div className="button-row">
          <a className="button-quiet" href={entry.export_url ?? ''} download>
            Download<span className="visually-hidden"> {kind.toLowerCase()} of {when}</span>
          </a>
          <button type="button" className="button-quiet button-danger" disabled={request.busy} onClick={() => void request.run(() => actions.deleteExport(entry.id))}>
            Delete<span className="visually-hidden"> {kind.toLowerCase()} of {when}</span>
          </button>
        </div>
      ) : (
        <span className="export-status" role="status">
          {status}
        </span>
      )}
      <FieldMessage id={`export-${entry.id}-message`} error={request.error} />
    </li>
  );
}
