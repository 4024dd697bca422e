/**
 * Events as queues keep them: JSON text, serialized once when dispatched and spliced into
 * long-poll answers without being parsed again. A part that many queues share (a message
 * as one shape of clients sees it) is stored once and referred to by each queue's copy.
 */
import { inZulipSpelling } from '../../../shared/wire-dialect';

/** JSON text stored once and spliced into the events of every queue that gets it. */
export class SharedJson {
  constructor(readonly json: string) {}
}

/**
 * One queue's copy of an event, without its id: `head + shared + tail` is the event's JSON
 * object text. `head` starts with `{` and is followed by at least one field.
 */
export interface EventJson {
  readonly head: string;
  readonly shared: SharedJson | null;
  readonly tail: string;
  /** Zulip's virtual events (see virtualEventKeys): the merge key, and the key this event stops. */
  readonly merge: string | null;
  readonly breaks: string | null;
}

/** An event as a queue hands it out: its id and its whole JSON text (`{"id":N,...}`). */
export interface StoredEvent {
  readonly id: number;
  readonly json: string;
}

/** An event as register's raced-event code reads it. */
export interface QueuedEvent {
  id: number;
  type: string;
  [field: string]: unknown;
}

/** Each event's and shared part's Zulip-spelled copy, made once however many queues get it. */
const zulipEvents = new WeakMap<EventJson, EventJson>();
const zulipShared = new WeakMap<SharedJson, SharedJson>();

/**
 * The event as a queue of one of Zulip's clients gets it (shared/wire-dialect.ts): the
 * same object where nothing is spelled differently, else a copy made once per event.
 */
export function inZulipDialect(event: EventJson): EventJson {
  let copy = zulipEvents.get(event);
  if (copy === undefined) {
    const shared = event.shared === null ? null : zulipSharedJson(event.shared);
    const head = inZulipSpelling(event.head);
    const tail = inZulipSpelling(event.tail);
    copy = shared === event.shared && head === event.head && tail === event.tail ? event : { ...event, head, shared, tail };
    zulipEvents.set(event, copy);
  }
  return copy;
}

function zulipSharedJson(shared: SharedJson): SharedJson {
  let copy = zulipShared.get(shared);
  if (copy === undefined) {
    const json = inZulipSpelling(shared.json);
    copy = json === shared.json ? shared : new SharedJson(json);
    zulipShared.set(shared, copy);
  }
  return copy;
}

/** A plain event (every field its own), serialized now. */
export function eventJson(event: { type: string; [field: string]: unknown }): EventJson {
  const { merge, breaks } = virtualEventKeys(event);
  return { head: JSON.stringify(event), shared: null, tail: '', merge, breaks };
}

/**
 * An event whose `field` is shared JSON, placed last: `{...rest, field: <shared>}`. `rest`
 * must have `type` and must not be a virtual event.
 */
export function eventJsonWithShared(rest: { type: string; [field: string]: unknown }, field: string, shared: SharedJson): EventJson {
  const text = JSON.stringify(rest);
  return { head: `${text.slice(0, -1)},${JSON.stringify(field)}:`, shared, tail: '}', merge: null, breaks: null };
}

/** The text a queue hands out for `event` under `id`. */
export function storedJson(id: number, event: EventJson): string {
  return `{"id":${id},${event.head.slice(1)}${event.shared === null ? '' : event.shared.json}${event.tail}`;
}

export function parseStoredEvent(event: StoredEvent): QueuedEvent {
  return JSON.parse(event.json) as QueuedEvent;
}

/**
 * Zulip's virtual events: an unacknowledged `update_message_flags` event absorbs later ones
 * of the same operation and flag (message lists joined, `all` if either had it, the newest
 * id), except removing `read`, whose `message_details` cannot merge. `merge` is that key
 * (null: kept as sent). Unlike Zulip, an event of the opposite operation on the same flag
 * (`breaks`) ends the merging: a merged event moves to the newest id, and carrying an
 * `add` past a later `remove` of the same flag would undo the `remove` for the client.
 */
export function virtualEventKeys(event: { type: string; [field: string]: unknown }): { merge: string | null; breaks: string | null } {
  if (event.type !== 'update_message_flags') return { merge: null, breaks: null };
  const flag = String(event.flag);
  const opposite = event.op === 'add' ? 'remove' : 'add';
  return {
    merge: event.op === 'remove' && flag === 'read' ? null : `flags/${String(event.op)}/${flag}`,
    breaks: `flags/${opposite}/${flag}`,
  };
}
