/**
 * `LOG_FORMAT=pretty`: one pino JSON record turned into a line for people,
 * `12:04:05.120 INFO  request GET /api/v1/messages 200 12ms request_id=… user_id=8`.
 * Not JSON on purpose; production keeps the JSON lines.
 */
export function prettyLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const { time, level, msg, stack, ...rest } = record;
  const clock = typeof time === 'string' && time.length >= 23 ? time.slice(11, 23) : String(time ?? '');
  const fields = Object.entries(rest)
    .map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  const head = `${clock} ${String(level ?? '').toUpperCase().padEnd(5)} ${String(msg ?? '')}`;
  const line = fields === '' ? head : `${head} ${fields}`;
  return typeof stack === 'string' ? `${line}\n${stack}\n` : `${line}\n`;
}
