/**
 * Zulip's widgets: a message whose first word is `/poll` or `/todo` gets a `widget`
 * submessage from its sender at send time (zerver/lib/widget.py), which clients render
 * instead of the text.
 */
export function widgetSubmessageContent(content: string): string | null {
  const first = content.split(/\s+/)[0];
  if (first !== '/poll' && first !== '/todo') return null;
  const rest = content.replace(first, '');
  const widget = first === '/poll'
    ? { widget_type: 'poll', extra_data: pollData(rest) }
    : { widget_type: 'todo', extra_data: todoData(rest) };
  return pythonJson(widget);
}

/** Python's str.splitlines(), enough for message text. */
function splitLines(text: string): string[] {
  // eslint-disable-next-line no-control-regex -- Python splits on the file/group/record separators too
  const lines = text.split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A list item's marker (`- `, `* `) and surrounding space, once. */
const stripMarker = (line: string) => line.trim().replace(/\s*[-*]?\s*/, '');

function pollData(text: string): { question: string; options: string[] } {
  const lines = splitLines(text);
  const question = lines.length > 0 && lines[0] !== '' ? (lines.shift() as string).trim() : '';
  return { question, options: lines.map(stripMarker).filter((option) => option.length > 0) };
}

function todoData(text: string): { task_list_title: string; tasks: { task: string; desc: string }[] } {
  const lines = splitLines(text);
  const title = lines.length > 0 && lines[0] !== '' ? (lines.shift() as string).trim() : '';
  const tasks = lines
    .map(stripMarker)
    .filter((task) => task.length > 0)
    .map((task) => {
      const split = task.indexOf(': ');
      return split < 0 ? { task: task.trim(), desc: '' } : { task: task.slice(0, split).trim(), desc: task.slice(split + 2).trim() };
    });
  return { task_list_title: title, tasks };
}

/** Python's json.dumps with its defaults: `", "` and `": "` separators, non-ASCII escaped. */
export function pythonJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>).map(([key, item]) => `${pythonJson(key)}: ${pythonJson(item)}`).join(', ')}}`;
  }
  if (typeof value === 'string') {
    return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  }
  return JSON.stringify(value);
}
