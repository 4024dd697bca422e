import type { MessagesAnswer, RegisterAnswer, ServerEvent, WireAttachment } from '../api/types';
import { applyEvents } from './appliers';
import { narrowKey, type Filter } from './narrow';
import { messageEntry, stateFromRegister } from './register';
import { EMPTY_STATE, type ClientState, type LocalEcho, type MessageEntry, type NarrowEntry } from './state';

export type Listener = () => void;

/**
 * The one place client state changes. Components read it through selectors
 * (selectors.ts, via the useSelector hook) and never keep a copy of server data.
 */
export class Store {
  private state: ClientState;
  private readonly listeners = new Set<Listener>();

  constructor(initial: ClientState = EMPTY_STATE) {
    this.state = initial;
  }

  readonly getState = (): ClientState => this.state;

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  update(change: (state: ClientState) => ClientState): void {
    const next = change(this.state);
    if (next === this.state) return;
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }

  registered(answer: RegisterAnswer): void {
    this.update((state) => stateFromRegister(answer, state));
  }

  events(events: readonly ServerEvent[]): void {
    this.update((state) => applyEvents(state, events));
  }

  /**
   * Messages fetched for a filter (`GET /messages`). `where` says which end of the loaded
   * stretch they extend: `replace` starts the narrow afresh (its first fetch, at an anchor),
   * `older` and `newer` join on before or after.
   */
  messagesLoaded(filter: Filter, answer: Pick<MessagesAnswer, 'messages' | 'found_oldest' | 'found_newest'>, where: 'replace' | 'older' | 'newer'): void {
    this.update((state) => {
      const messages: Record<number, MessageEntry> = { ...state.messages };
      for (const message of answer.messages) messages[message.id] = messageEntry(message);
      const key = narrowKey(filter);
      const known = state.narrows[key];
      const fetched = answer.messages.map((message) => message.id);
      const base = where === 'replace' || known === undefined ? [] : known.ids;
      const ids = [...new Set([...base, ...fetched])].filter((id) => messages[id] !== undefined).sort((a, b) => a - b);
      const highlighted: Record<number, string> = where === 'replace' ? {} : { ...known?.highlighted };
      for (const message of answer.messages) if (typeof message.match_content === 'string') highlighted[message.id] = message.match_content;
      const entry: NarrowEntry = {
        ...(Object.keys(highlighted).length > 0 ? { highlighted } : {}),
        ids,
        foundOldest: where === 'newer' && known !== undefined ? known.foundOldest : answer.found_oldest,
        foundNewest: where === 'older' && known !== undefined ? known.foundNewest : answer.found_newest,
      };
      return { ...state, messages, narrows: { ...state.narrows, [key]: entry } };
    });
  }

  /** The server refused the narrow's first fetch: it shows the refusal, with nothing loaded. */
  narrowFailed(filter: Filter, error: string): void {
    this.update((state) => ({ ...state, narrows: { ...state.narrows, [narrowKey(filter)]: { ids: [], foundOldest: true, foundNewest: true, error } } }));
  }

  topicsLoaded(channelId: number, topics: readonly { name: string; max_id: number }[]): void {
    this.update((state) => ({
      ...state,
      topics: { ...state.topics, [channelId]: topics.map((topic) => ({ name: topic.name, maxId: topic.max_id })).sort((a, b) => b.maxId - a.maxId) },
    }));
  }

  /** The person's uploaded files (`GET /attachments`); `attachment` events keep them after. */
  attachmentsLoaded(attachments: readonly WireAttachment[]): void {
    this.update((state) => ({ ...state, attachments: Object.fromEntries(attachments.map((attachment) => [attachment.id, attachment])) }));
  }

  echoAdded(echo: LocalEcho): void {
    this.update((state) => ({ ...state, localEchoes: { ...state.localEchoes, [echo.localId]: echo } }));
  }

  echoConfirmed(localId: string, messageId: number): void {
    this.update((state) => {
      const echo = state.localEchoes[localId];
      return echo === undefined ? state : { ...state, localEchoes: { ...state.localEchoes, [localId]: { ...echo, messageId } } };
    });
  }

  /** The server refused the send (`failed`, with its words), or could not be reached (`held`). */
  echoFailed(localId: string, error: string, status: 'failed' | 'held' = 'failed'): void {
    this.update((state) => {
      const echo = state.localEchoes[localId];
      return echo === undefined ? state : { ...state, localEchoes: { ...state.localEchoes, [localId]: { ...echo, status, error } } };
    });
  }

  /** The echo is gone: its message event came, or the person deleted the failed send. */
  echoRemoved(localId: string): void {
    this.update((state) => {
      if (state.localEchoes[localId] === undefined) return state;
      const localEchoes = { ...state.localEchoes };
      delete localEchoes[localId];
      return { ...state, localEchoes };
    });
  }

  composeChanged(key: string, text: string): void {
    this.update((state) => {
      if ((state.compose[key] ?? '') === text) return state;
      const compose = { ...state.compose };
      if (text === '') delete compose[key];
      else compose[key] = text;
      return { ...state, compose };
    });
  }

  connectivity(online: boolean): void {
    this.update((state) => (state.online === online ? state : { ...state, online }));
  }

  noticeShown(notice: string | null): void {
    this.update((state) => (state.notice === notice ? state : { ...state, notice }));
  }

  /** Typing notices past their time are dropped (called on a timer). */
  expireTyping(now: number): void {
    this.update((state) => {
      let changed = false;
      const typing: Record<string, Record<number, number>> = {};
      for (const [key, typers] of Object.entries(state.typing)) {
        const live: Record<number, number> = {};
        for (const [id, until] of Object.entries(typers)) {
          if (until > now) live[Number(id)] = until;
          else changed = true;
        }
        if (Object.keys(live).length > 0) typing[key] = live;
        else if (Object.keys(typers).length === 0) changed = true;
      }
      return changed ? { ...state, typing } : state;
    });
  }
}
