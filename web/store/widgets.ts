import type { WireSubmessage } from '../api/types';

/**
 * Zulip's poll and todo widgets, read from a message's submessages as its web client reads
 * them (poll_data.ts, todo_widget.ts): the first `widget` submessage, from the sender, names
 * the widget and its starting data; later ones are events (votes, new options, checked
 * tasks) applied in id order. Malformed events are skipped, as Zulip's client skips them.
 */
export interface PollOption {
  readonly key: string;
  readonly text: string;
  /** Who voted for it, in the order they voted. */
  readonly voters: readonly number[];
}

export interface PollState {
  readonly kind: 'poll';
  readonly question: string;
  readonly options: readonly PollOption[];
  /** The `idx` this person's next new option takes. */
  readonly nextIdx: number;
}

export interface TodoTask {
  readonly key: string;
  readonly task: string;
  readonly desc: string;
  readonly completed: boolean;
}

export interface TodoState {
  readonly kind: 'todo';
  readonly title: string;
  readonly tasks: readonly TodoTask[];
  /** The `key` this person's next new task takes. */
  readonly nextIdx: number;
}

export type WidgetState = PollState | TodoState;

type Json = Record<string, unknown>;

function parse(content: string): Json | null {
  try {
    const value: unknown = JSON.parse(content);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const isIdx = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1000;

function poll(extra: Json, events: readonly WireSubmessage[], senderId: number, me: number): PollState {
  let question = typeof extra.question === 'string' ? extra.question : '';
  const options = new Map<string, { text: string; voters: number[] }>();
  strings(extra.options).forEach((text, index) => options.set(`canned,${index}`, { text, voters: [] }));
  let nextIdx = 1;
  for (const submessage of events) {
    const data = parse(submessage.content);
    if (data === null) continue;
    if (data.type === 'new_option' && isIdx(data.idx) && typeof data.option === 'string') {
      options.set(`${submessage.sender_id},${data.idx}`, { text: data.option, voters: [] });
      if (submessage.sender_id === me && data.idx >= nextIdx) nextIdx = data.idx + 1;
    } else if (data.type === 'vote' && typeof data.key === 'string') {
      const option = options.get(data.key);
      if (option === undefined) continue;
      const voters = option.voters.filter((id) => id !== submessage.sender_id);
      option.voters = data.vote === 1 ? [...voters, submessage.sender_id] : voters;
    } else if (data.type === 'question' && typeof data.question === 'string' && submessage.sender_id === senderId) {
      question = data.question;
    }
  }
  return { kind: 'poll', question, options: [...options].map(([key, option]) => ({ key, ...option })), nextIdx };
}

function todo(extra: Json, events: readonly WireSubmessage[], senderId: number, me: number): TodoState {
  let title = typeof extra.task_list_title === 'string' ? extra.task_list_title : '';
  const tasks = new Map<string, { task: string; desc: string; completed: boolean }>();
  const nameInUse = (name: string) => [...tasks.values()].some((task) => task.task === name);
  const canned = Array.isArray(extra.tasks) ? (extra.tasks as unknown[]) : [];
  canned.forEach((item, index) => {
    const task = typeof item === 'object' && item !== null ? (item as Json) : {};
    if (typeof task.task === 'string' && !nameInUse(task.task)) tasks.set(`${index},canned`, { task: task.task, desc: typeof task.desc === 'string' ? task.desc : '', completed: false });
  });
  let nextIdx = 1;
  for (const submessage of events) {
    const data = parse(submessage.content);
    if (data === null) continue;
    if (data.type === 'new_task' && isIdx(data.key) && typeof data.task === 'string' && typeof data.desc === 'string') {
      if (!nameInUse(data.task)) tasks.set(`${data.key},${submessage.sender_id}`, { task: data.task, desc: data.desc, completed: data.completed === true });
      if (submessage.sender_id === me && data.key >= nextIdx) nextIdx = data.key + 1;
    } else if (data.type === 'strike' && typeof data.key === 'string') {
      const task = tasks.get(data.key);
      if (task !== undefined) task.completed = !task.completed;
    } else if (data.type === 'new_task_list_title' && typeof data.title === 'string' && submessage.sender_id === senderId) {
      title = data.title;
    }
  }
  return { kind: 'todo', title, tasks: [...tasks].map(([key, task]) => ({ key, ...task })), nextIdx };
}

/** The widget a message carries, or null (no submessages, or not a widget Zulip's client draws). */
export function widgetOf(submessages: readonly WireSubmessage[], senderId: number, me: number): WidgetState | null {
  const [first, ...events] = submessages;
  if (first === undefined || first.msg_type !== 'widget' || first.sender_id !== senderId) return null;
  const setup = parse(first.content);
  const extra = setup !== null && typeof setup.extra_data === 'object' && setup.extra_data !== null ? (setup.extra_data as Json) : {};
  const widgetEvents = events.filter((submessage) => submessage.msg_type === 'widget');
  if (setup?.widget_type === 'poll') return poll(extra, widgetEvents, senderId, me);
  if (setup?.widget_type === 'todo') return todo(extra, widgetEvents, senderId, me);
  return null;
}

/** The event a vote sends: for, or taking one's vote back (Zulip's poll_data vote.outbound). */
export function voteEvent(option: PollOption, me: number): Json {
  return { type: 'vote', key: option.key, vote: option.voters.includes(me) ? -1 : 1 };
}

/** A new option, or null when one by that text exists (Zulip's client refuses duplicates). */
export function newOptionEvent(state: PollState, text: string): Json | null {
  const option = text.trim();
  if (option === '' || state.options.some((known) => known.text === option)) return null;
  return { type: 'new_option', idx: state.nextIdx, option };
}

/** A new task, or null when one by that name exists (Zulip's todo_widget new_task.outbound). */
export function newTaskEvent(state: TodoState, task: string, desc: string): Json | null {
  const name = task.trim();
  if (name === '' || state.tasks.some((known) => known.task === name)) return null;
  return { type: 'new_task', key: state.nextIdx, task: name, desc: desc.trim(), completed: false };
}

export function strikeEvent(task: TodoTask): Json {
  return { type: 'strike', key: task.key };
}
