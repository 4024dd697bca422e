import { useEffect, useState } from 'react';
import { useActions } from '../app/services';
import type { HistoryVersion } from '../store/message-tools';
import { useSelector } from '../store/use-store';
import { Dialog } from './Dialog';
import { RenderedContent } from './RenderedContent';

/** What one version of the history says happened (Zulip's edit history modal). */
function changeOf(version: HistoryVersion, index: number): string {
  if (index === 0) return 'Original message';
  const moved = version.prev_topic !== undefined || version.prev_stream !== undefined;
  const edited = version.prev_content !== undefined;
  return edited && moved ? 'Edited and moved' : moved ? 'Moved' : 'Edited';
}

function VersionEntry({ version, index }: { version: HistoryVersion; index: number }) {
  const editor = useSelector((state) => (version.user_id === null ? undefined : state.users[version.user_id]?.fullName));
  const channelName = (id: number | undefined) => (id === undefined ? undefined : String(id));
  const oldChannel = useSelector((state) => (version.prev_stream === undefined ? undefined : state.channels[version.prev_stream]?.name ?? channelName(version.prev_stream)));
  const newChannel = useSelector((state) => (version.stream === undefined ? undefined : state.channels[version.stream]?.name ?? channelName(version.stream)));
  return (
    <li className="history-version">
      <p className="history-meta">
        <strong>{changeOf(version, index)}</strong>
        {editor === undefined ? null : <> by {editor}</>}
        {' · '}
        <time dateTime={new Date(version.timestamp * 1000).toISOString()}>{new Date(version.timestamp * 1000).toLocaleString()}</time>
      </p>
      {version.prev_stream === undefined ? null : (
        <p className="history-move">
          Channel: #{oldChannel} → #{newChannel}
        </p>
      )}
      {version.prev_topic === undefined ? null : (
        <p className="history-move">
          Topic: {version.prev_topic} → {version.topic}
        </p>
      )}
      {index === 0 || version.prev_content !== undefined ? <RenderedContent html={version.rendered_content ?? ''} /> : null}
    </li>
  );
}

/** A message's versions, oldest first (`GET /messages/{id}/history`). */
export function EditHistoryDialog({ messageId, onClose }: { messageId: number; onClose: () => void }) {
  const actions = useActions();
  const [versions, setVersions] = useState<HistoryVersion[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    actions.messageTools.history(messageId).then(
      (answer) => live && setVersions(answer),
      (error: unknown) => live && setProblem(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [actions, messageId]);
  return (
    <Dialog
      title="Message edit history"
      className="dialog-wide"
      onClose={onClose}
      footer={
        <button type="button" className="button-quiet" onClick={onClose}>
          Close
        </button>
      }
    >
      {problem !== null ? (
        <p className="dialog-problem" role="alert">
          {problem}
        </p>
      ) : versions === null ? (
        <p className="dialog-loading">Loading…</p>
      ) : (
        <ol className="history-list" aria-label="Versions">
          {versions.map((version, index) => (
            <VersionEntry key={`${version.timestamp}-${index}`} version={version} index={index} />
          ))}
        </ol>
      )}
    </Dialog>
  );
}
