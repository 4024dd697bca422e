import { ApiError } from '../../shared/api-error';
import { validateWidgetData, widgetTypeOf } from './widget-data';

const message = (action: () => void): string | null => {
  try {
    action();
    return null;
  } catch (error) {
    return (error as ApiError).msg;
  }
};

describe('validateWidgetData (Zulip validate_poll_data / validate_todo_data)', () => {
  it.each([
    ['poll', { type: 'vote', key: 'canned,0', vote: 1 }, false, null],
    ['poll', { type: 'vote', key: 'canned,0', vote: 2 }, false, 'Invalid poll data["vote"]'],
    ['poll', { type: 'vote', key: 'canned,0', vote: 1, extra: 1 }, false, 'Unexpected arguments: extra'],
    ['poll', { type: 'vote', vote: 1 }, false, 'key key is missing from poll data'],
    ['poll', { type: 'question', question: 'New?' }, true, null],
    ['poll', { type: 'question', question: 'New?' }, false, "You can't edit a question unless you are the author."],
    ['poll', { type: 'new_option', option: 'x', idx: 1001 }, false, 'poll data["idx"] is too large'],
    ['poll', { type: 'new_option', option: 7, idx: 1 }, false, 'poll data["option"] is not a string'],
    ['poll', { type: 'shout' }, false, 'Unknown type for poll data: shout'],
    ['poll', [1, 2], false, 'poll data is not a dict'],
    ['todo', { type: 'new_task', key: 3, task: 't', desc: '', completed: false }, false, null],
    ['todo', { type: 'new_task', key: 3, task: 't', desc: '', completed: 'no' }, false, 'todo data["completed"] is not a boolean'],
    ['todo', { type: 'strike', key: '3,12' }, false, null],
    ['todo', { type: 'new_task_list_title', title: 'T' }, false, "You can't edit the task list title unless you are the author."],
    ['other', { anything: true }, false, null],
    [null, 'free-form', false, null],
  ])('%s %j (author %s) -> %s', (type, data, author, expected) => {
    expect(message(() => validateWidgetData(type, data, author))).toBe(expected);
  });

  it('reads the widget type of the first widget submessage', () => {
    expect(widgetTypeOf('{"widget_type": "poll", "extra_data": {}}')).toBe('poll');
    expect(widgetTypeOf('not json')).toBeNull();
    expect(widgetTypeOf(null)).toBeNull();
  });
});
