import { useEffect, useRef, useState, type DragEvent, type FormEvent, type KeyboardEvent } from 'react';
import { onComposeRequest } from '../app/compose-requests';
import { useActions } from '../app/services';
import { useUploads } from '../app/use-uploads';
import type { TypingTarget } from '../store/actions';
import { narrowKey, type Filter } from '../store/narrow';
import { selectDmTitle, selectSidebarChannels } from '../store/selectors';
import type { Where } from '../store/state';
import { useSelector, useStore } from '../store/use-store';
import { ComposePreview } from './ComposePreview';
import { ComposeRecipient, type ComposeTarget } from './ComposeRecipient';
import { ComposeToolbar } from './ComposeToolbar';
import { MessageTextarea } from './MessageTextarea';
import { ScheduleMenu } from './ScheduleMenu';
import '../styles/compose.css';

interface ComposeBoxProps {
  filter: Filter;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The draft key of a target: one text per channel, and per DM conversation. */
function draftKeyOf(target: ComposeTarget): string {
  return target.kind === 'dm' ? `dm:${[...target.userIds].sort((a, b) => a - b).join(',')}` : `channel:${target.channelId ?? 'none'}`;
}

/** A narrow's own recipient; views that have none keep what the box had. */
function targetOf(filter: Filter, previous: ComposeTarget): ComposeTarget {
  if (filter.kind === 'channel') return { kind: 'channel', channelId: filter.channelId, topic: filter.topic ?? '' };
  if (filter.kind === 'dm') return { kind: 'dm', userIds: filter.userIds };
  return previous.kind === 'channel' ? previous : { kind: 'channel', channelId: null, topic: '' };
}

/** Text put into `current` between `start` and `end`, set apart from a word it would touch. */
function spliceIn(current: string, start: number, end: number, text: string): { text: string; cursor: number } {
  const before = current.slice(0, start);
  const gap = before === '' || /\s$/.test(before) ? '' : text.includes('\n') ? '\n' : ' ';
  return { text: before + gap + text + current.slice(end), cursor: start + gap.length + text.length };
}

/**
 * The compose box, docked under the feed: collapsed to buttons until opened. A channel
 * narrow picks its channel (and topic), a DM narrow its people; either can be changed, and
 * a new direct message is started by typing names. Enter follows the person's `enter_sends`
 * setting (off: a new line); Ctrl/Cmd+Enter always sends. What is typed is kept in the store
 * by conversation, so nothing typed is lost on a narrow change. Other parts of the app open
 * it, address it and put text in through compose-requests.ts.
 */
export function ComposeBox({ filter, open, onOpenChange }: ComposeBoxProps) {
  const actions = useActions();
  const store = useStore();
  const channels = useSelector(selectSidebarChannels);
  const me = useSelector((state) => state.session?.userId ?? -1);
  const enterSends = useSelector((state) => state.session?.enterSends ?? false);
  const emptyTopicName = useSelector((state) => state.session?.emptyTopicName ?? 'general chat');

  const [target, setTarget] = useState<ComposeTarget>(() => targetOf(filter, { kind: 'channel', channelId: null, topic: '' }));
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const filterKey = narrowKey(filter);
  useEffect(() => {
    setTarget((previous) => targetOf(filter, previous));
    setProblem(null);
    // Keyed by the narrow's key, which names it fully: the recipient resets on a narrow change only.
  }, [filterKey]);
  const addressed: ComposeTarget = target.kind === 'channel' && target.channelId === null ? { ...target, channelId: channels[0]?.id ?? null } : target;
  const dmTitle = useSelector((state) => (addressed.kind === 'dm' && addressed.userIds.length > 0 ? selectDmTitle(state, addressed.userIds) : ''));

  const draftKey = draftKeyOf(addressed);
  const text = useSelector((state) => state.compose[draftKey] ?? '');
  const textbox = useRef<HTMLTextAreaElement>(null);
  const cursorAfter = useRef<number | null>(null);
  useEffect(() => {
    if (open) textbox.current?.focus();
    // A new direct message closed before anyone was picked (`x`, then Escape) leaves the box
    // addressed as the narrow is again, so its collapsed label names the narrow.
    else setTarget((previous) => (previous.kind === 'dm' && previous.userIds.length === 0 ? targetOf(filter, { kind: 'channel', channelId: null, topic: '' }) : previous));
    // Only the box opening or closing resets it; the narrow's own changes are handled above.
  }, [open]);
  const whereOf = (to: ComposeTarget): Where | null => {
    if (to.kind === 'dm') return to.userIds.length === 0 ? null : { kind: 'dm', userIds: [...new Set([...to.userIds, me])].sort((a, b) => a - b) };
    return to.channelId === null ? null : { kind: 'channel', channelId: to.channelId, topic: to.topic.trim() };
  };
  const typingTarget = (where: Where): TypingTarget =>
    where.kind === 'channel' ? { type: 'stream', stream_id: where.channelId, topic: where.topic } : { type: 'direct', to: where.userIds.filter((id) => id !== me) };

  /** The one way the text changes: kept in the store, saved as a draft, told as typing. */
  const setText = (to: ComposeTarget, value: string, typed: boolean) => {
    store.composeChanged(draftKeyOf(to), value);
    const where = whereOf(to);
    if (where === null) return;
    if (typed && value !== '') actions.typed(typingTarget(where));
    actions.saveDraft(draftKeyOf(to), where, value);
  };

  /**
   * Puts `insert` at the cursor (a textarea keeps its selection while something else has the
   * focus, an emoji picker say); at the end when the box shows another conversation's text.
   */
  const insertText = (to: ComposeTarget, insert: string) => {
    const key = draftKeyOf(to);
    const current = store.getState().compose[key] ?? '';
    const field = textbox.current;
    const here = key === draftKey && field !== null && field.value === current;
    const next = spliceIn(current, here ? field.selectionStart : current.length, here ? field.selectionEnd : current.length, insert);
    cursorAfter.current = next.cursor;
    setText(to, next.text, false);
  };
  const latestInsert = useRef(insertText);
  latestInsert.current = insertText;
  const addressedRef = useRef(addressed);
  addressedRef.current = addressed;

  useEffect(
    () =>
      onComposeRequest((request) => {
        onOpenChange(true);
        setPreviewing(false);
        let to: ComposeTarget | null = null;
        if (request.where !== undefined) {
          to = request.where.kind === 'channel' ? { ...request.where } : { kind: 'dm', userIds: request.where.userIds.filter((id) => id !== me) };
          setTarget(to);
        }
        if (request.insert !== undefined && request.insert !== '') latestInsert.current(to ?? addressedRef.current, request.insert);
      }),
    [onOpenChange, me],
  );

  const uploads = useUploads({
    insert: (insert) => insertText(addressed, insert),
    replace: (placeholder, replacement) => {
      const current = store.getState().compose[draftKey] ?? '';
      if (current.includes(placeholder)) setText(addressed, current.replace(placeholder, replacement), false);
    },
  });

  /** The recipient and text, checked; null (with the problem shown) when either is missing. */
  const ready = (): Where | null => {
    const where = whereOf(addressed);
    if (where === null) setProblem(addressed.kind === 'dm' ? 'Add at least one person to send to.' : 'Pick a channel to send to.');
    else if (text.trim() === '') setProblem('Type a message first.');
    else if (uploads.uploads.length > 0) setProblem('Wait for the upload to finish.');
    else {
      setProblem(null);
      return where;
    }
    return null;
  };
  const clearSent = () => {
    store.composeChanged(draftKey, '');
    actions.discardDraft(draftKey);
    setPreviewing(false);
  };

  const send = () => {
    const where = ready();
    if (where === null) return;
    clearSent();
    setNotice(null);
    void actions.send(where, text);
    textbox.current?.focus();
  };

  const schedule = async (at: number) => {
    const where = ready();
    if (where === null) return;
    try {
      await actions.compose.schedule(where, text, at);
      clearSent();
      setNotice(`Scheduled for ${new Date(at * 1000).toLocaleString()}.`);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
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

  const onDrop = (event: DragEvent) => {
    if (event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    uploads.start([...event.dataTransfer.files]);
  };

  const channelName = addressed.kind === 'channel' ? channels.find((channel) => channel.id === addressed.channelId)?.name : undefined;
  const label = addressed.kind === 'dm' ? (dmTitle === '' ? 'New direct message' : `Message ${dmTitle}`) : channelName === undefined ? 'New message' : `Message #${channelName}`;
  if (!open) {
    return (
      <div className="compose compose-collapsed">
        <button type="button" className="compose-open" onClick={() => onOpenChange(true)}>
          {label}
        </button>
        <button
          type="button"
          className="button-quiet compose-new-dm"
          onClick={() => {
            setTarget({ kind: 'dm', userIds: [] });
            onOpenChange(true);
          }}
        >
          New direct message
        </button>
      </div>
    );
  }
  return (
    <form
      className="compose"
      aria-label="Compose"
      onSubmit={onSubmit}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files')) event.preventDefault();
      }}
      onDrop={onDrop}
    >
      <ComposeRecipient target={addressed} emptyTopicName={emptyTopicName} onChange={setTarget} />
      {previewing ? (
        <ComposePreview content={text} />
      ) : (
        <MessageTextarea
          textarea={textbox}
          value={text}
          placeholder={label === 'New direct message' ? 'Message' : label}
          inChannel={addressed.kind === 'channel'}
          cursorAfter={cursorAfter}
          onChange={(value) => setText(addressed, value, true)}
          onKeyDown={onKeyDown}
          onPaste={(files) => uploads.start(files)}
        />
      )}
      <ComposeToolbar
        previewing={previewing}
        onPreviewChange={setPreviewing}
        onFiles={uploads.start}
        onEmoji={(name) => insertText(addressed, `:${name}:`)}
        uploads={uploads.uploads}
        uploadError={uploads.error}
      />
      <div className="compose-footer">
        <p className="compose-hint">{enterSends ? 'Enter sends, Shift+Enter adds a line' : 'Ctrl+Enter sends, Enter adds a line'}</p>
        {problem === null ? null : (
          <p className="compose-problem" role="alert">
            {problem}
          </p>
        )}
        {notice === null ? null : (
          <p className="compose-notice" role="status">
            {notice} <a href="#scheduled">See scheduled messages</a>
          </p>
        )}
        <button type="button" className="button-quiet" onClick={() => onOpenChange(false)}>
          Close
        </button>
        <ScheduleMenu onSchedule={schedule} />
        <button type="submit" className="button-primary">
          Send
        </button>
      </div>
    </form>
  );
}
