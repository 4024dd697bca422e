import { useEffect } from 'react';
import { useSettingsActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from './FieldMessage';

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The files the person uploaded, newest first: fetched when the section opens, kept by `attachment` events. */
export function UploadedFilesSection() {
  const attachments = useSelector((state) => state.attachments);
  const actions = useSettingsActions();
  const loading = useRequest();
  const deleting = useRequest();
  const { run } = loading;
  useEffect(() => {
    void run(() => actions.loadAttachments());
  }, [actions, run]);
  if (attachments === null) return <FieldMessage id="uploads-load" error={loading.error} />;
  const files = Object.values(attachments).sort((a, b) => b.create_time - a.create_time);
  return (
    <>
      {files.length === 0 ? <p className="settings-empty">You have not uploaded any files.</p> : null}
      <ul className="settings-list" aria-label="Uploaded files">
        {files.map((file) => (
          <li key={file.id}>
            <a className="settings-list-main" href={`/user_uploads/${file.path_id}`} target="_blank" rel="noopener noreferrer">
              {file.name}
            </a>
            <span className="settings-list-meta">
              {DATE.format(new Date(file.create_time))} · {sizeLabel(file.size)} · {file.messages.length === 1 ? 'in 1 message' : `in ${file.messages.length} messages`}
            </span>
            <button type="button" className="button-quiet" aria-label={`Delete ${file.name}`} onClick={() => void deleting.run(() => actions.deleteAttachment(file.id))}>
              Delete
            </button>
          </li>
        ))}
      </ul>
      <FieldMessage id="uploads-delete" error={deleting.error ?? loading.error} />
    </>
  );
}
