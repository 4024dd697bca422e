import { pythonJson, widgetSubmessageContent } from './widget';

describe('widgetSubmessageContent (Zulip get_widget_data)', () => {
  it('makes a poll from the question line and list items', () => {
    expect(widgetSubmessageContent('/poll Lunch?\n- pizza\n* sushi\n  tacos\n\n')).toBe(
      '{"widget_type": "poll", "extra_data": {"question": "Lunch?", "options": ["pizza", "sushi", "tacos"]}}',
    );
    expect(widgetSubmessageContent('/poll')).toBe('{"widget_type": "poll", "extra_data": {"question": "", "options": []}}');
  });

  it('makes a todo list with descriptions after ": "', () => {
    expect(widgetSubmessageContent('/todo Chores\n- dishes: before 6\n- laundry')).toBe(
      '{"widget_type": "todo", "extra_data": {"task_list_title": "Chores", "tasks": [{"task": "dishes", "desc": "before 6"}, {"task": "laundry", "desc": ""}]}}',
    );
  });

  it('ignores other messages', () => {
    expect(widgetSubmessageContent('/pollster is here')).toBeNull();
    expect(widgetSubmessageContent('hello /poll')).toBeNull();
    expect(widgetSubmessageContent('/me waves')).toBeNull();
  });

  it('writes JSON as Python does', () => {
    expect(pythonJson({ a: ['é', 1, true, null] })).toBe('{"a": ["\\u00e9", 1, true, null]}');
  });
});
