import { ApiError } from '../../shared/api-error';

/** Zulip's MAX_IDX: the largest option or task index a widget event may name. */
const MAX_IDX = 1000;

type Check = (name: string, value: unknown) => void;

const fail = (message: string): never => {
  throw ApiError.badRequest(message);
};

const isInt = (value: unknown) => typeof value === 'number' && Number.isInteger(value);

const string: Check = (name, value) => {
  if (typeof value !== 'string') fail(`${name} is not a string`);
};
const bool: Check = (name, value) => {
  if (typeof value !== 'boolean') fail(`${name} is not a boolean`);
};
const int: Check = (name, value) => {
  if (!isInt(value)) fail(`${name} is not an integer`);
};
const intIn = (allowed: number[]): Check => (name, value) => {
  int(name, value);
  if (!allowed.includes(value as number)) fail(`Invalid ${name}`);
};
const intRange = (low: number, high: number): Check => (name, value) => {
  int(name, value);
  if ((value as number) < low) fail(`${name} is too small`);
  if ((value as number) > high) fail(`${name} is too large`);
};

/** Zulip's check_dict / check_dict_only, with their messages. */
function checkDict(name: string, value: unknown, required: [string, Check][], only: boolean): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(`${name} is not a dict`);
  const dict = value as Record<string, unknown>;
  for (const [key, check] of required) {
    if (!(key in dict)) fail(`${key} key is missing from ${name}`);
    check(`${name}["${key}"]`, dict[key]);
  }
  if (only) {
    const extra = Object.keys(dict).filter((key) => !required.some(([known]) => known === key));
    if (extra.length > 0) fail(`Unexpected arguments: ${extra.join(', ')}`);
  }
  return dict;
}

/**
 * Zulip's validate_poll_data and validate_todo_data: what a submessage to a poll or todo
 * widget may say. Only the widget's author may change a poll's question or a list's title.
 */
export function validateWidgetData(widgetType: string | null, data: unknown, isWidgetAuthor: boolean): void {
  if (widgetType === 'poll') {
    const { type } = checkDict('poll data', data, [['type', string]], false);
    if (type === 'vote') {
      checkDict('poll data', data, [['type', string], ['key', string], ['vote', intIn([1, -1])]], true);
    } else if (type === 'question') {
      if (!isWidgetAuthor) fail("You can't edit a question unless you are the author.");
      checkDict('poll data', data, [['type', string], ['question', string]], true);
    } else if (type === 'new_option') {
      checkDict('poll data', data, [['type', string], ['option', string], ['idx', intRange(0, MAX_IDX)]], true);
    } else {
      fail(`Unknown type for poll data: ${String(type)}`);
    }
  } else if (widgetType === 'todo') {
    const { type } = checkDict('todo data', data, [['type', string]], false);
    if (type === 'new_task') {
      checkDict('todo data', data, [['type', string], ['key', intRange(0, MAX_IDX)], ['task', string], ['desc', string], ['completed', bool]], true);
    } else if (type === 'strike') {
      checkDict('todo data', data, [['type', string], ['key', string]], true);
    } else if (type === 'new_task_list_title') {
      if (!isWidgetAuthor) fail("You can't edit the task list title unless you are the author.");
      checkDict('todo data', data, [['type', string], ['title', string]], true);
    } else {
      fail(`Unknown type for todo data: ${String(type)}`);
    }
  }
}

/** Zulip's get_widget_type: the `widget_type` of a message's first `widget` submessage. */
export function widgetTypeOf(firstWidgetContent: string | null): string | null {
  if (firstWidgetContent === null) return null;
  try {
    const parsed = JSON.parse(firstWidgetContent) as unknown;
    const type = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).widget_type : undefined;
    return typeof type === 'string' ? type : null;
  } catch {
    return null;
  }
}
