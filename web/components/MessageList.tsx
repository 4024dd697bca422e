import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { requestCompose } from '../app/compose-requests';
import { onFeedCommand, type FeedCommand } from '../app/feed-commands';
import { ReadTracker } from '../app/read-tracker';
import { useActions } from '../app/services';
import { sameConversation } from '../store/conversation';
import { narrowKey, type Filter } from '../store/narrow';
import { selectHighlights, selectLocalEchoes } from '../store/selectors';
import type { MessageEntry, Where } from '../store/state';
import { useSelector } from '../store/use-store';
import { LocalEchoRow } from './LocalEchoRow';
import { MessageRow } from './MessageRow';
import { RecipientBar } from './RecipientBar';
import { TypingNotice } from './TypingNotice';

/** A run of messages in one conversation, under one recipient bar. */
interface Block {
  key: string;
  where: Where;
  messages: MessageEntry[];
}

/**
 * The most messages one block holds: a long run in one conversation is cut into blocks of
 * this many, each under its own (sticky) recipient bar, so the virtualizer never has to
 * render a whole long topic at once.
 */
const MAX_BLOCK_MESSAGES = 40;

function blocksOf(messages: readonly MessageEntry[]): Block[] {
  const blocks: Block[] = [];
  for (const message of messages) {
    const last = blocks[blocks.length - 1];
    if (last !== undefined && last.messages.length < MAX_BLOCK_MESSAGES && sameConversation(last.where, message.where)) last.messages.push(message);
    else blocks.push({ key: `b${message.id}`, where: message.where, messages: [message] });
  }
  return blocks;
}

/** How close to the end counts as "at the bottom", where new messages keep the view pinned. */
const BOTTOM_SLACK_PX = 48;
/** How close to the top starts fetching older messages. */
const OLDER_SLACK_PX = 300;

interface MessageListProps {
  filter: Filter;
  messages: readonly MessageEntry[];
  foundOldest: boolean;
  foundNewest: boolean;
  /** Open at this message (near/with), else at the first unread, else at the end. */
  anchor: number | null;
  /** Shown from the store while the narrow's first fetch is on its way: placed again when it lands. */
  provisional?: boolean;
}

/**
 * The centre feed: messages grouped under sticky recipient bars, virtualized by group
 * (@tanstack/react-virtual measures each), then this page's unconfirmed sends and who is
 * typing. Unread messages are reported read once seen (ReadTracker).
 */
export function MessageList({ filter, messages, foundOldest, foundNewest, anchor, provisional = false }: MessageListProps) {
  const actions = useActions();
  const unread = useSelector((state) => state.unread);
  const echoes = useSelector((state) => selectLocalEchoes(state, filter));
  const highlights = useSelector((state) => selectHighlights(state, filter));
  const scroller = useRef<HTMLDivElement>(null);
  const [tracker, setTracker] = useState<ReadTracker | null>(null);
  const blocks = useMemo(() => blocksOf(messages), [messages]);
  const key = provisional ? `${narrowKey(filter)}:provisional` : narrowKey(filter);

  // The first unread message when the narrow opened: the "new messages" line stays there
  // while its messages are being read, as Zulip's does.
  const [firstUnread, setFirstUnread] = useState<{ key: string; id: number | null } | null>(null);
  if (firstUnread === null || firstUnread.key !== key) {
    setFirstUnread({ key, id: messages.find((message) => unread[message.id] !== undefined)?.id ?? null });
  }
  const unreadLine = firstUnread?.key === key ? firstUnread.id : null;

  // The selected message (Zulip's pointer): starts at the anchor, the first unread or the last.
  const [picked, setPicked] = useState<number | null>(null);
  const selectedId = selectedMessage(messages, picked ?? anchor ?? unreadLine);
  const selectedRef = useRef<{ id: number | null; revealed: boolean }>({ id: null, revealed: true });
  selectedRef.current = { ...selectedRef.current, id: selectedId };

  const virtualizer = useVirtualizer({
    count: blocks.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => 40 + 44 * (blocks[index]?.messages.length ?? 1),
    getItemKey: (index) => blocks[index]?.key ?? index,
    overscan: 3,
  });

  useEffect(() => {
    const root = scroller.current;
    if (root === null) return undefined;
    const created = new ReadTracker(root, (ids) => actions.markRead(ids));
    // A new list is a narrow entered: reading paused by "Mark as unread from here" resumes.
    actions.resumeReading();
    setTracker(created);
    return () => created.disconnect();
  }, [actions]);

  // Where to start reading: on opening the narrow only.
  const positioned = useRef<string | null>(null);
  const atBottom = useRef(true);
  useLayoutEffect(() => {
    if (positioned.current === key || blocks.length === 0) return;
    positioned.current = key;
    const target = anchor ?? unreadLine;
    const index = target === null ? -1 : blocks.findIndex((block) => block.messages.some((message) => message.id >= target));
    if (index >= 0) {
      virtualizer.scrollToIndex(index, { align: 'start' });
      atBottom.current = false;
    } else {
      virtualizer.scrollToIndex(blocks.length - 1, { align: 'end' });
      atBottom.current = true;
    }
  }, [key, blocks, anchor, unreadLine, virtualizer]);

  // New messages and sends keep a reader at the bottom there.
  const lastId = messages[messages.length - 1]?.id;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element === null || !atBottom.current) return;
    element.scrollTop = element.scrollHeight;
  }, [lastId, echoes.length]);

  // Older messages join above without moving what the person is reading.
  const firstId = messages[0]?.id;
  const heightBeforeOlder = useRef<{ firstId: number | undefined; fromBottom: number } | null>(null);
  useLayoutEffect(() => {
    const element = scroller.current;
    const saved = heightBeforeOlder.current;
    if (element === null || saved === null || saved.firstId === firstId) return;
    element.scrollTop = element.scrollHeight - saved.fromBottom;
    heightBeforeOlder.current = null;
  }, [firstId]);

  // Keys move the selection; the list scrolls to keep it in view (its block may not be rendered yet).
  useEffect(
    () =>
      onFeedCommand((command) => {
        const current = selectedRef.current.id;
        if (command === 'reply') {
          const message = messages.find((candidate) => candidate.id === current);
          if (message === undefined) return false;
          requestCompose({ where: message.where });
          return true;
        }
        const next = movedSelection(messages, current, command);
        if (next === null) return false;
        setPicked(next);
        selectedRef.current = { id: next, revealed: false };
        return true;
      }),
    [messages],
  );
  useEffect(() => {
    const element = scroller.current;
    if (element === null || selectedRef.current.revealed || selectedId === null) return;
    const row = element.querySelector(`[data-message-id="${selectedId}"]`);
    if (row !== null) {
      row.scrollIntoView({ block: 'nearest' });
      selectedRef.current.revealed = true;
      return;
    }
    const index = blocks.findIndex((block) => block.messages.some((message) => message.id === selectedId));
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'center' });
  });

  const onScroll = () => {
    const element = scroller.current;
    if (element === null) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_SLACK_PX;
    if (!provisional && element.scrollTop < OLDER_SLACK_PX && !foundOldest && heightBeforeOlder.current === null) {
      heightBeforeOlder.current = { firstId, fromBottom: element.scrollHeight - element.scrollTop };
      void actions.loadOlder(filter);
    }
  };

  const lastBlock = blocks[blocks.length - 1];
  return (
    <div className="feed-scroll" ref={scroller} onScroll={onScroll} tabIndex={0} aria-label="Messages">
      {foundOldest ? null : <p className="feed-edge">Scroll up for older messages</p>}
      <div className="feed-canvas" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const block = blocks[item.index];
          if (block === undefined) return null;
          return (
            <section
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="message-block"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <RecipientBar where={block.where} />
              {block.messages.map((message, index) => (
                <div key={message.id} className="message-slot">
                  {message.id === unreadLine ? (
                    <div className="unread-line" role="separator">
                      <span>New messages</span>
                    </div>
                  ) : null}
                  <MessageRow message={message} highlighted={highlights?.[message.id]} selected={message.id === selectedId} onSelect={setPicked} head={index === 0 || block.messages[index - 1]?.senderId !== message.senderId} unread={unread[message.id] !== undefined} tracker={tracker} />
                </div>
              ))}
            </section>
          );
        })}
      </div>
      {/* Sends are the newest messages: shown under a provisional list too (its first fetch may have failed with the server away). */}
      {(foundNewest || provisional) && echoes.length > 0 ? (
        <section className="message-block local-echoes" aria-label="Sending">
          {echoes.map((echo) => (
            <div key={echo.localId}>
              <RecipientBar where={echo.where} />
              <LocalEchoRow echo={echo} />
            </div>
          ))}
        </section>
      ) : null}
      {lastBlock !== undefined && foundNewest ? <TypingNotice where={lastBlock.where} /> : null}
    </div>
  );
}

/** The message to show selected: `wanted` if loaded, else the first after it, else the last. */
function selectedMessage(messages: readonly MessageEntry[], wanted: number | null): number | null {
  if (wanted !== null) {
    const at = messages.find((message) => message.id >= wanted);
    if (at !== undefined) return at.id;
  }
  return messages[messages.length - 1]?.id ?? null;
}

/** Where a movement key takes the selection (null: nowhere to go). */
function movedSelection(messages: readonly MessageEntry[], current: number | null, command: Exclude<FeedCommand, 'reply'>): number | null {
  if (messages.length === 0) return null;
  const index = messages.findIndex((message) => message.id === current);
  const target =
    command === 'first' ? 0 : command === 'last' ? messages.length - 1 : index < 0 ? messages.length - 1 : index + (command === 'next' ? 1 : -1);
  return messages[target]?.id ?? null;
}
