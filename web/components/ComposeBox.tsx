import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { onComposeRequest } from '../app/compose-requests';
import { useActions } from '../app/services';
import type { TypingTarget } from '../store/actions';
import { narrowKey, type Filter } from '../store/narrow';
import { selectDmTitle, selectPeople, selectSidebarChannels } from '../store/selectors';
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
  // A direct message asked for away from a DM narrow (`x`): its people, none picked yet at first.
  const [dmTo, setDmTo] = useState<readonly number[] | null>(null);
  const dmIds = dmTo ?? (filter.kind === 'dm' ? filter.userIds : null);
  const dmTitle = useSelector((state) => (dmIds !== null && dmIds.length > 0 ? selectDmTitle(state, dmIds) : ''));
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
    setDmTo(null);
    setProblem(null);
    // Keyed by the narrow's key, which names it fully: the recipient resets on a narrow change only.
  }, [filterKey]);
  const pickedChannel = channelId ?? channels[0]?.id ?? null;

  // Requests from elsewhere (compose-requests.ts): open, and address the box as asked.
  useEffect(
    () =>
      onComposeRequest((request) => {
        const target = request.where;
        if (target?.kind === 'channel') {
          setDmTo(null);
          setChannelId(target.channelId);
          setTopic(target.topic);
        } else if (target?.kind === 'dm') {
          const others = target.userIds.filter((id) => id !== me);
          setDmTo(target.userIds.length > 0 && others.length === 0 ? [me] : others);
        }
        onOpenChange(true);
      }),
    [me, onOpenChange],
  );

  const draftKey = dmIds !== null ? `dm:${dmIds.join(',')}` : `channel:${pickedChannel ?? 'none'}`;
  const text = useSelector((state) => state.compose[draftKey] ?? '');
  const textbox = useRef<HTMLTextAreaElement>(null);
  // Closing the box forgets a DM recipient asked for away from a DM narrow.
  useEffect(() => {
    if (!open) setDmTo(null);
  }, [open]);
  const picker = useRef<HTMLSelectElement>(null);
  const needsPerson = dmIds !== null && dmIds.length === 0;
  useEffect(() => {
    if (open) (needsPerson ? picker : textbox).current?.focus();
  }, [open, needsPerson]);

  const where = (): Where | null => {
    if (dmIds !== null) return dmIds.length === 0 ? null : { kind: 'dm', userIds: [...new Set([...dmIds, me])].sort((a, b) => a - b) };
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
      setProblem(dmIds !== null ? 'Pick someone to write to.' : 'Pick a channel to send to.');
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
          {dmIds !== null ? `Message ${dmTitle}` : channelName === undefined ? 'New message' : `Message #${channelName}`}
        </button>
      </div>
    );
  }
  return (
    <form className="compose" aria-label="Compose" onSubmit={onSubmit}>
      <div className="compose-recipient">
        {dmIds !== null && dmIds.length === 0 ? (
          <DmRecipientPicker ref={picker} onPick={(id) => setDmTo([id])} />
        ) : dmIds !== null ? (
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
        placeholder={dmIds !== null ? `Message ${dmTitle}` : channelName === undefined ? 'Message' : `Message #${channelName}`}
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

/** `x` away from a DM narrow: whom to write to, picked from the people. */
function DmRecipientPicker({ onPick, ref }: { onPick: (userId: number) => void; ref: RefObject<HTMLSelectElement | null> }) {
  const people = useSelector(selectPeopleByName);
  return (
    <select ref={ref} aria-label="To" className="compose-channel" value="" onChange={(event) => onPick(Number(event.target.value))}>
      <option value="" disabled>
        Choose a person…
      </option>
      {people.map((person) => (
        <option key={person.user.id} value={person.user.id}>
          {person.user.fullName}
        </option>
      ))}
    </select>
  );
}

function selectPeopleByName(state: Parameters<typeof selectPeople>[0]) {
  return selectPeople(state, 0);
}
