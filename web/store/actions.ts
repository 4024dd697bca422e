import { ApiClient, ApiError, NetworkError } from '../api/client';
import type { MessagesAnswer, SendAnswer, WireReaction } from '../api/types';
import { ComposeActions } from './compose-actions';
import { dmKey, dmKeyIds, whereOf } from './conversation';
import { MessageTools } from './message-tools';
import { apiNarrow, narrowKey, type Filter } from './narrow';
import type { Where } from './state';
import type { Store } from './store';

/** How many messages a fetch asks for on each side of its anchor. */
const BATCH = 50;
/** Reads are reported together after this long, like Zulip's batched flag updates. */
const READ_BATCH_MS = 300;
/** Messages marked read per request by "Mark all as read", as Zulip's web client batches them. */
const MARK_ALL_BATCH = 1000;
/** How long typing pauses before what is typed is saved to the server's drafts. */
const DRAFT_SAVE_MS = 1500;
/** Typing notices as Zulip's client sends them: a refresh every 10 s while typing, stop after 5 s idle. */
const TYPING_REFRESH_MS = 10_000;
const TYPING_IDLE_MS = 5_000;

export type TypingTarget = { type: 'stream'; stream_id: number; topic: string } | { type: 'direct'; to: number[] };

/** What the app asks of the server, each answer handed to the store. */
export class Actions {
  private readonly loading = new Set<string>();
  private readonly pendingReads = new Set<number>();
  private readTimer: ReturnType<typeof setTimeout> | null = null;
  private localCounter = 0;
  private typing: { target: string; sentAt: number; idle: ReturnType<typeof setTimeout> } | null = null;
  /** The server draft (`/drafts`) each compose key's text is saved as, and pending saves. */
  private readonly draftIds = new Map<string, Promise<number | null>>();
  private readonly draftTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Previews, uploads and scheduled messages (compose-actions.ts). */
  readonly compose: ComposeActions;
  private readingPaused = false;
  /** The message actions menu's requests (message-tools.ts). */
  readonly messageTools: MessageTools;

  constructor(
    private readonly client: ApiClient,
    private readonly store: Store,
    private readonly report: (error: unknown) => void,
  ) {
    this.compose = new ComposeActions(client, () => store.getState().session?.userId ?? -1);
    this.messageTools = new MessageTools(client);
  }

  /** The first stretch of a filter's messages: around `anchor`, or from the first unread. */
  loadNarrow(filter: Filter, anchor: number | null): Promise<void> {
    return this.fetchMessages(filter, `${anchor ?? 'first_unread'}`, { anchor: anchor ?? 'first_unread', num_before: BATCH, num_after: BATCH }, 'replace');
  }

  /**
   * A `with/<id>` narrow (Zulip 10.2): it follows the message to where it is now, if it was
   * moved. Its conversation comes from the store when the message is there; else the server
   * tells, since it answers a `with` term with the messages of the message's current
   * conversation. The messages are kept under that conversation's filter, which is returned
   * for the caller to rewrite the URL to, as Zulip's web client does.
   */
  async loadWith(filter: Filter, withId: number): Promise<Filter> {
    const state = this.store.getState();
    const me = state.session?.userId ?? -1;
    const known = state.messages[withId];
    if (known !== undefined) {
      const target = followedFilter(filter, known.where, me);
      if (state.narrows[narrowKey(target)] === undefined) await this.loadNarrow(target, withId);
      return target;
    }
    const key = `${narrowKey(filter)}@with`;
    if (this.loading.has(key)) return filter;
    this.loading.add(key);
    try {
      const answer = await this.client.get<MessagesAnswer>('messages', {
        narrow: [...apiNarrow(filter), { operator: 'with', operand: withId }],
        anchor: withId,
        num_before: BATCH,
        num_after: BATCH,
        apply_markdown: true,
        client_gravatar: false,
      });
      const found = answer.messages.find((message) => message.id === withId);
      const target = found === undefined ? filter : followedFilter(filter, whereOf(found), me);
      this.store.messagesLoaded(target, answer, 'replace');
      return target;
    } catch (error) {
      if (error instanceof ApiError && !error.transient) this.store.narrowFailed(filter, error.message);
      else this.report(error);
      return filter;
    } finally {
      this.loading.delete(key);
    }
  }

  /** Older messages, before the oldest loaded one. */
  async loadOlder(filter: Filter): Promise<void> {
    const entry = this.store.getState().narrows[narrowKey(filter)];
    const oldest = entry?.ids[0];
    if (entry === undefined || entry.foundOldest || oldest === undefined) return;
    await this.fetchMessages(filter, 'older', { anchor: oldest, include_anchor: false, num_before: BATCH, num_after: 0 }, 'older');
  }

  /** One `GET /messages` for a filter at a time per purpose, its answer handed to the store. */
  private async fetchMessages(filter: Filter, purpose: string, window: Record<string, unknown>, where: 'replace' | 'older'): Promise<void> {
    const key = `${narrowKey(filter)}@${purpose}`;
    if (this.loading.has(key)) return;
    this.loading.add(key);
    try {
      const answer = await this.client.get<MessagesAnswer>('messages', { narrow: apiNarrow(filter), ...window, apply_markdown: true, client_gravatar: false });
      this.store.messagesLoaded(filter, answer, where);
    } catch (error) {
      if (where === 'replace' && error instanceof ApiError && !error.transient) this.store.narrowFailed(filter, error.message);
      else this.report(error);
    } finally {
      this.loading.delete(key);
    }
  }

  async loadTopics(channelId: number): Promise<void> {
    const key = `topics:${channelId}`;
    if (this.loading.has(key) || this.store.getState().topics[channelId] !== undefined) return;
    this.loading.add(key);
    try {
      const answer = await this.client.get<{ topics: { name: string; max_id: number }[] }>(`users/me/${channelId}/topics`);
      this.store.topicsLoaded(channelId, answer.topics);
    } catch (error) {
      this.report(error);
    } finally {
      this.loading.delete(key);
    }
  }

  /**
   * Sends with local echo: the message shows at once, marked as sending, and gives way to
   * the real one when its `message` event (carrying this `local_id`, since it names this
   * page's queue) arrives. A refusal leaves it marked failed with the server's words.
   */
  async send(where: Where, content: string): Promise<void> {
    const state = this.store.getState();
    const session = state.session;
    if (session === null) return;
    this.localCounter += 1;
    const localId = `${Date.now()}.${this.localCounter}`;
    this.store.echoAdded({ localId, where, content, timestamp: Math.floor(Date.now() / 1000), status: 'sending', error: null, messageId: null });
    await this.stopTyping();
    await this.deliver(localId);
  }

  /** (Re)sends a local echo's message. */
  async deliver(localId: string): Promise<void> {
    const state = this.store.getState();
    const echo = state.localEchoes[localId];
    const session = state.session;
    if (echo === undefined || session === null) return;
    if (echo.status !== 'sending') this.store.echoAdded({ ...echo, status: 'sending', error: null });
    const me = session.userId;
    const recipient =
      echo.where.kind === 'channel'
        ? { type: 'stream', to: echo.where.channelId, topic: echo.where.topic }
        : { type: 'direct', to: echo.where.userIds.filter((id) => id !== me).length > 0 ? echo.where.userIds.filter((id) => id !== me) : [me] };
    try {
      const answer = await this.client.post<SendAnswer>('messages', {
        ...recipient,
        content: echo.content,
        local_id: localId,
        queue_id: session.queueId ?? undefined,
        read_by_sender: true,
      });
      this.store.echoConfirmed(localId, answer.id);
    } catch (error) {
      // Unreachable (offline, or the server restarting): kept as a draft to send once back.
      const unreachable = error instanceof NetworkError || (error instanceof ApiError && error.transient);
      this.store.echoFailed(localId, error instanceof Error ? error.message : String(error), unreachable ? 'held' : 'failed');
    }
  }

  /** Sends every message held while the server could not be reached, oldest first. */
  async deliverHeld(): Promise<void> {
    const held = Object.values(this.store.getState().localEchoes)
      .filter((echo) => echo.status === 'held')
      .sort((a, b) => a.timestamp - b.timestamp || a.localId.localeCompare(b.localId));
    for (const echo of held) await this.deliver(echo.localId);
  }

  /**
   * Saves what is typed to the server's drafts once typing pauses, as Zulip's client does:
   * one draft per compose key, created on the first save and updated after; empty text
   * removes it. The store hears of it through the `drafts` events.
   */
  saveDraft(key: string, where: Where, content: string): void {
    const pending = this.draftTimers.get(key);
    if (pending !== undefined) clearTimeout(pending);
    this.draftTimers.set(key, setTimeout(() => {
      this.draftTimers.delete(key);
      void this.writeDraft(key, where, content);
    }, DRAFT_SAVE_MS));
  }

  /** The text was sent: its draft goes (at once, and any pending save with it). */
  discardDraft(key: string): void {
    const pending = this.draftTimers.get(key);
    if (pending !== undefined) clearTimeout(pending);
    this.draftTimers.delete(key);
    void this.writeDraft(key, null, '');
  }

  private async writeDraft(key: string, where: Where | null, content: string): Promise<void> {
    const me = this.store.getState().session?.userId ?? -1;
    const known = this.draftIds.get(key) ?? Promise.resolve(null);
    const next = known.then(async (id) => {
      if (content === '' || where === null) {
        if (id !== null) await this.client.delete(`drafts/${id}`);
        return null;
      }
      const draft =
        where.kind === 'channel'
          ? { type: 'stream', to: [where.channelId], topic: where.topic, content, timestamp: Math.floor(Date.now() / 1000) }
          : { type: 'private', to: dmKeyIds(dmKey(where.userIds, me)), topic: '', content, timestamp: Math.floor(Date.now() / 1000) };
      if (id !== null) {
        await this.client.patch(`drafts/${id}`, { draft });
        return id;
      }
      const answer = await this.client.post<{ ids: number[] }>('drafts', { drafts: [draft] });
      return answer.ids[0] ?? null;
    });
    // A failed save leaves the text in the page (and local storage); the next save starts afresh.
    this.draftIds.set(key, next.catch((error: unknown) => (this.report(error), null)));
    await this.draftIds.get(key);
  }

  /**
   * After "Mark as unread from here" the open narrow stops marking messages read until
   * the person enters a narrow again, as Zulip's message list does (prevent_reading).
   */
  pauseReading(): void {
    this.readingPaused = true;
  }

  /** A narrow was entered: reading counts again. */
  resumeReading(): void {
    this.readingPaused = false;
  }

  /** Queues messages to be marked read; they are reported together shortly after. */
  markRead(ids: readonly number[]): void {
    if (this.readingPaused) return;
    const unread = this.store.getState().unread;
    for (const id of ids) if (unread[id] !== undefined) this.pendingReads.add(id);
    if (this.pendingReads.size === 0 || this.readTimer !== null) return;
    this.readTimer = setTimeout(() => {
      this.readTimer = null;
      const batch = [...this.pendingReads];
      this.pendingReads.clear();
      // The store changes when the server's update_message_flags event arrives.
      this.client.post('messages/flags', { messages: batch, op: 'add', flag: 'read' }).catch(this.report);
    }, READ_BATCH_MS);
  }

  /**
   * Marks every unread message read, oldest first, in batches through
   * `/messages/flags/narrow` as Zulip's web client does (one request for a huge backlog
   * would hold the server for long). The counts fall as the flag events arrive.
   */
  async markAllRead(): Promise<void> {
    let anchor: number | 'oldest' = 'oldest';
    try {
      for (;;) {
        const answer: { found_newest: boolean; last_processed_id: number | null } = await this.client.post('messages/flags/narrow', {
          anchor,
          include_anchor: anchor === 'oldest',
          num_before: 0,
          num_after: MARK_ALL_BATCH,
          narrow: [{ operator: 'is', operand: 'unread', negated: false }],
          op: 'add',
          flag: 'read',
        });
        if (answer.found_newest || answer.last_processed_id === null) return;
        anchor = answer.last_processed_id;
      }
    } catch (error) {
      this.report(error);
    }
  }

  async setStarred(messageId: number, starred: boolean): Promise<void> {
    try {
      await this.client.post('messages/flags', { messages: [messageId], op: starred ? 'add' : 'remove', flag: 'starred' });
    } catch (error) {
      this.report(error);
    }
  }

  /** A message's Markdown source, for editing it. */
  async rawContent(messageId: number): Promise<string> {
    const answer = await this.client.get<{ raw_content: string }>(`messages/${messageId}`, { apply_markdown: false });
    return answer.raw_content;
  }

  /** Saves an edit; the store shows it when the `update_message` event comes. Throws the server's refusal. */
  async edit(messageId: number, content: string): Promise<void> {
    await this.client.patch(`messages/${messageId}`, { content });
  }

  /** Adds or takes back the person's reaction; the store changes with the `reaction` event. */
  async react(messageId: number, reaction: Pick<WireReaction, 'emoji_name' | 'emoji_code' | 'reaction_type'>, add: boolean): Promise<void> {
    const params = { emoji_name: reaction.emoji_name, emoji_code: reaction.emoji_code, reaction_type: reaction.reaction_type };
    try {
      if (add) await this.client.post(`messages/${messageId}/reactions`, params);
      else await this.client.delete(`messages/${messageId}/reactions`, params);
    } catch (error) {
      this.report(error);
    }
  }

  /** Tells the server the person is here (Zulip's client does every minute while the page is open). */
  async reportPresence(active: boolean): Promise<void> {
    try {
      await this.client.post('users/me/presence', { status: active ? 'active' : 'idle', new_user_input: active, slim_presence: true });
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      this.report(error);
    }
  }

  /** A keystroke in the compose box: `start` now and then, `stop` once typing pauses. */
  typed(target: TypingTarget): void {
    const key = JSON.stringify(target);
    const now = Date.now();
    const current = this.typing;
    if (current !== null) clearTimeout(current.idle);
    const idle = setTimeout(() => void this.stopTyping(), TYPING_IDLE_MS);
    if (current !== null && current.target === key && now - current.sentAt < TYPING_REFRESH_MS) {
      this.typing = { ...current, idle };
      return;
    }
    if (current !== null && current.target !== key) this.postTyping(current.target, 'stop');
    this.typing = { target: key, sentAt: now, idle };
    this.postTyping(key, 'start');
  }

  async stopTyping(): Promise<void> {
    const current = this.typing;
    if (current === null) return;
    clearTimeout(current.idle);
    this.typing = null;
    this.postTyping(current.target, 'stop');
  }

  private postTyping(target: string, op: 'start' | 'stop'): void {
    const params = JSON.parse(target) as TypingTarget;
    this.client.post('typing', { ...params, op }).catch(() => undefined);
  }
}

/**
 * The filter a `with` narrow becomes: the message's conversation replaces the channel, topic
 * or DM the URL named (Zulip's update_narrow_terms_containing_with_operator). Views that
 * name no conversation (starred, mentions, search) keep theirs.
 */
export function followedFilter(filter: Filter, where: Where, me: number): Filter {
  if (filter.kind !== 'channel' && filter.kind !== 'dm' && filter.kind !== 'feed') return filter;
  if (where.kind === 'channel') return { kind: 'channel', channelId: where.channelId, topic: where.topic };
  return { kind: 'dm', userIds: dmKeyIds(dmKey(where.userIds, me)) };
}
