import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { onComposeRequest } from '../app/compose-requests';
import { useActions } from '../app/services';
import type { TypingTarget } from '../store/actions';
import { narrowKey, type Filter } from '../store/narrow';
import { selectDmTitle, selectSidebarChannels } from '../store/selectors';
import type { Where } from '../store/state';
import { useSelector, useStore } from '../store/use-store';

interface ComposeBoxProps {
  filter: Filter;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The compose box, docked under the feed: collapsed to one button until opened. A channel
 * narrow picks its channel (and topic), a DM narrow its people. Enter follows the person's
 * `enter_sends` setting (off: a new line); Ctrl/Cmd+Enter always sends. What is typed is
 * kept in the store by conversation, so nothing typed is lost on a narrow change.
 */
export function ComposeBox({ filter, open, onOpenChange }: ComposeBoxProps) {
  const actions = useActions();
  const store = useStore();
  const channels = useSelector(selectSidebarChannels);
  const me = useSelector((state) => state.session?.userId ?? -1);
  const enterSends = useSelector((state) => state.session?.enterSends ?? false);
  const dmTitle = useSelector((state) => (filter.kind === 'dm' ? selectDmTitle(state, filter.userIds) : ''));
  const emptyTopicName = useSelector((state) => state.session?.emptyTopicName ?? 'general chat');

  // The recipient the person picks: starts from the narrow, theirs to change.
  const [channelId, setChannelId] = useState<number | null>(null);
  const [topic, setTopic] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const filterKey = narrowKey(filter);
  useEffect(() => {
    if (filter.kind === 'channel') {
      setChannelId(filter.channelId);
      setTopic(filter.topic ?? '');
    }
    setProblem(null);
    // Keyed by the narrow's key, which names it fully: the recipient resets on a narrow change only.
  }, [filterKey]);
  const pickedChannel = channelId ?? channels[0]?.id ?? null;

  const draftKey = filter.kind === 'dm' ? `dm:${filter.userIds.join(',')}` : `channel:${pickedChannel ?? 'none'}`;
  const text = useSelector((state) => state.compose[draftKey] ?? '');
  const textbox = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (open) textbox.current?.focus();
  }, [open]);
  // A minimal listener for compose requests (a quote-and-reply): opens, takes a channel
  // address, and adds the text to that conversation's compose text.
  useEffect(
    () =>
      onComposeRequest((request) => {
        onOpenChange(true);
        let key = draftKey;
        if (request.where?.kind === 'channel' && filter.kind !== 'dm') {
          setChannelId(request.where.channelId);
          setTopic(request.where.topic);
          key = `channel:${request.where.channelId}`;
        }
        if (request.insert === undefined) return;
        const current = store.getState().compose[key] ?? '';
        store.composeChanged(key, current === '' ? request.insert : `${current}\n${request.insert}`);
        textbox.current?.focus();
      }),
    [draftKey, filter.kind, onOpenChange, store],
  );

  const where = (): Where | null => {
    if (filter.kind === 'dm') return { kind: 'dm', userIds: [...new Set([...filter.userIds, me])].sort((a, b) => a - b) };
    if (pickedChannel === null) return null;
    return { kind: 'channel', channelId: pickedChannel, topic: topic.trim() };
  };
  const typingTarget = (): TypingTarget | null => {
    const target = where();
    if (target === null) return null;
    return target.kind === 'channel' ? { type: 'stream', stream_id: target.channelId, topic: target.topic } : { type: 'direct', to: target.userIds.filter((id) => id !== me) };
  };

  const send = () => {
    const target = where();
    if (target === null) {
      setProblem('Pick a channel to send to.');
      return;
    }
    if (text.trim() === '') {
      setProblem('Type a message first.');
      return;
    }
    setProblem(null);
    store.composeChanged(draftKey, '');
    actions.discardDraft(draftKey);
    void actions.send(target, text);
    textbox.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      onOpenChange(false);
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    if (event.ctrlKey || event.metaKey || enterSends) {
      event.preventDefault();
      send();
    }
  };

  const channelName = channels.find((channel) => channel.id === pickedChannel)?.name;
  if (!open) {
    return (
      <div className="compose compose-collapsed">
        <button type="button" className="compose-open" onClick={() => onOpenChange(true)}>
          {filter.kind === 'dm' ? `Message ${dmTitle}` : channelName === undefined ? 'New message' : `Message #${channelName}`}
        </button>
      </div>
    );
  }
  return (
    <form className="compose" aria-label="Compose" onSubmit={onSubmit}>
      <div className="compose-recipient">
        {filter.kind === 'dm' ? (
          <p className="compose-dm">To: {dmTitle}</p>
        ) : (
          <>
            <select
              aria-label="Channel"
              className="compose-channel"
              value={pickedChannel ?? ''}
              onChange={(event) => setChannelId(Number(event.target.value))}
            >
              {channels.map((channel) => (
                <option key={channel.id} value={channel.id}>
                  #{channel.name}
                </option>
              ))}
            </select>
            <span aria-hidden="true" className="recipient-separator">
              ›
            </span>
            <input aria-label="Topic" className="compose-topic" value={topic} placeholder={emptyTopicName} maxLength={60} onChange={(event) => setTopic(event.target.value)} />
          </>
        )}
      </div>
      <textarea
        ref={textbox}
        aria-label="Message"
        className="compose-text"
        rows={3}
        value={text}
        placeholder={filter.kind === 'dm' ? `Message ${dmTitle}` : channelName === undefined ? 'Message' : `Message #${channelName}`}
        onChange={(event) => {
          store.composeChanged(draftKey, event.target.value);
          const target = typingTarget();
          if (target !== null && event.target.value !== '') actions.typed(target);
          const recipient = where();
          if (recipient !== null) actions.saveDraft(draftKey, recipient, event.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="compose-footer">
        <p className="compose-hint">{enterSends ? 'Enter sends, Shift+Enter adds a line' : 'Ctrl+Enter sends, Enter adds a line'}</p>
        {problem === null ? null : (
          <p className="compose-problem" role="alert">
            {problem}
          </p>
        )}
        <button type="button" className="button-quiet" onClick={() => onOpenChange(false)}>
          Close
        </button>
        <button type="submit" className="button-primary">
          Send
        </button>
      </div>
    </form>
  );
}
