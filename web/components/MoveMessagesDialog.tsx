import { useState, type FormEvent } from 'react';
import { useActions } from '../app/services';
import type { PropagateMode } from '../store/message-tools';
import { selectSidebarChannels } from '../store/selectors';
import type { MessageEntry } from '../store/state';
import { useSelector } from '../store/use-store';
import { Dialog } from './Dialog';

interface MoveMessagesDialogProps {
  message: MessageEntry;
  /** Whether the person may move to another channel (else the channel is fixed). */
  canChangeChannel: boolean;
  onClose: () => void;
}

const MODES: { value: PropagateMode; label: string }[] = [
  { value: 'change_one', label: 'Move only this message' },
  { value: 'change_later', label: 'Move this and all following messages in this topic' },
  { value: 'change_all', label: 'Move all messages in this topic' },
];

/**
 * Zulip's "Move messages" dialog: a new topic (and channel, when allowed), which messages
 * go, and whether to leave notices; one `PATCH /messages/{id}`. Everyone's view follows
 * with the server's `update_message` event.
 */
export function MoveMessagesDialog({ message, canChangeChannel, onClose }: MoveMessagesDialogProps) {
  const actions = useActions();
  const channels = useSelector(selectSidebarChannels);
  const where = message.where.kind === 'channel' ? message.where : null;
  const [topic, setTopic] = useState(where?.topic ?? '');
  const [channelId, setChannelId] = useState(where?.channelId ?? 0);
  const [mode, setMode] = useState<PropagateMode>('change_all');
  const [notifyOld, setNotifyOld] = useState(false);
  const [notifyNew, setNotifyNew] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (where === null) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await actions.messageTools.move(message.id, {
        topic: topic.trim(),
        channelId: channelId === where.channelId ? undefined : channelId,
        mode,
        notifyOld,
        notifyNew,
      });
      onClose();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };
  return (
    <Dialog title="Move messages" onClose={onClose}>
      <form className="dialog-form" onSubmit={(event) => void submit(event)}>
        <label className="field">
          <span>Channel</span>
          <select value={channelId} disabled={!canChangeChannel} onChange={(event) => setChannelId(Number(event.target.value))}>
            {channels.map((channel) => (
              <option key={channel.id} value={channel.id}>
                #{channel.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Topic</span>
          <input value={topic} maxLength={60} onChange={(event) => setTopic(event.target.value)} />
        </label>
        <label className="field">
          <span>Which messages</span>
          <select value={mode} onChange={(event) => setMode(event.target.value as PropagateMode)}>
            {MODES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={notifyOld} onChange={(event) => setNotifyOld(event.target.checked)} />
          Send notification to old thread
        </label>
        <label className="check">
          <input type="checkbox" checked={notifyNew} onChange={(event) => setNotifyNew(event.target.checked)} />
          Send notification to new thread
        </label>
        {problem === null ? null : (
          <p className="dialog-problem" role="alert">
            {problem}
          </p>
        )}
        <div className="dialog-footer">
          <button type="button" className="button-quiet" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button-primary" disabled={busy}>
            Confirm
          </button>
        </div>
      </form>
    </Dialog>
  );
}
