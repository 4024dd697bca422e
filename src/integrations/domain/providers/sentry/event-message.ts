/**
 * Sentry's event payloads (an alert rule's `data.event`, or a legacy webhook's `event`):
 * an exception with the line that raised it, or a captured message.
 */
import {
  expectArray,
  expectObject,
  fieldOf,
  hasKey,
  isTruthy,
  JsonObject,
  pythonStr,
  required,
  requiredObject,
  requiredString,
} from '../payload';
import { MalformedWebhookPayload } from '../../integration';
import { SentryMessage, SentryUnsupported } from './sentry-message';

/** Sentry's `platform` to the code block's language, as Zulip highlights tracebacks. */
const SYNTAX_BY_PLATFORM: Readonly<Record<string, string>> = {
  go: 'go',
  java: 'java',
  javascript: 'javascript',
  node: 'javascript',
  python: 'python3',
  ruby: 'ruby',
};

/** Sentry's sample event still carries the old SDK version; it is let through. */
const SAMPLE_EVENT_TITLE = 'This is an example Python exception';

/** `2020-04-29T11:23:45.978469Z` written as `2020-04-29 11:23:45`, as Zulip 10.2 does. */
export function sentryTimestamp(isoDatetime: string): string {
  return isoDatetime.split('.')[0].replace('T', ' ');
}

/** Python's `int()` of the event's `version` ("7" or 7). */
function sdkVersion(event: JsonObject): number {
  const value = required(event, 'version', 'event');
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[+-]?\d+$/.test(text)) throw new MalformedWebhookPayload('event["version"] is not an integer');
  return Number(text);
}

function tracebackLines(lines: unknown, path: string): string {
  if (lines === undefined || lines === null) return '';
  return expectArray(lines, path)
    .map((line) => (line === '' ? '\n' : `     ${pythonStr(line)}\n`))
    .join('');
}

/** The stack trace of the last exception value that has one. */
function lastStacktrace(exception: JsonObject): unknown {
  const values = expectArray(required(exception, 'values', 'event["exception"]'), 'event["exception"]["values"]');
  for (let index = values.length - 1; index >= 0; index -= 1) {
    const value = expectObject(values[index], `event["exception"]["values"][${index}]`);
    if (hasKey(value, 'stacktrace')) return value.stacktrace;
  }
  return null;
}

/** The innermost frame in the file Sentry blames, when it carries its source line. */
function blamedFrame(stacktrace: JsonObject, filename: unknown): JsonObject | null {
  const frames = expectArray(required(stacktrace, 'frames', 'stacktrace'), 'stacktrace["frames"]');
  for (let index = frames.length - 1; index >= 0; index -= 1) {
    const frame = expectObject(frames[index], `stacktrace["frames"][${index}]`);
    const frameFilename = fieldOf(frame, 'filename') ?? null;
    if (frameFilename === filename) {
      const contextLine = fieldOf(frame, 'context_line');
      return contextLine === undefined || contextLine === null ? null : frame;
    }
  }
  return null;
}

function exceptionMessage(event: JsonObject, header: string, platform: string | null): string {
  const metadata = requiredObject(event, 'metadata', 'event');
  const filename = fieldOf(metadata, 'filename') ?? null;
  const exception = expectObject(required(event, 'exception', 'event'), 'event["exception"]');
  const stacktrace = lastStacktrace(exception);
  const summary = `${header}**filename:** ${pythonStr(filename)}\n\`\`\`\n`;
  if (isTruthy(stacktrace) && isTruthy(filename)) {
    const frame = blamedFrame(expectObject(stacktrace, 'stacktrace'), filename);
    if (frame !== null) {
      const syntax = platform === null ? '' : (SYNTAX_BY_PLATFORM[platform] ?? '');
      const contextLine = requiredString(frame, 'context_line', 'frame');
      const before = tracebackLines(fieldOf(frame, 'pre_context'), 'frame["pre_context"]');
      const after = tracebackLines(fieldOf(frame, 'post_context'), 'frame["post_context"]');
      return `${summary}\nTraceback:\n\`\`\`${syntax}\n${before}---> ${contextLine}\n${after}\`\`\`\n`;
    }
  }
  return summary;
}

/** Zulip's `handle_event_payload`: the topic is the event's title. */
export function eventMessage(eventValue: unknown): SentryMessage | SentryUnsupported {
  const event = expectObject(eventValue, 'event');
  const title = requiredString(event, 'title', 'event');
  const platformValue = required(event, 'platform', 'event');
  const platform = platformValue === null ? null : requiredString(event, 'platform', 'event');
  // Zulip turns away the retired Raven Python SDK (event versions below 7).
  if (platform === 'python' && sdkVersion(event) < 7 && title !== SAMPLE_EVENT_TITLE) {
    return { unsupported: 'Raven SDK' };
  }
  const level = pythonStr(required(event, 'level', 'event'));
  const webLink = pythonStr(required(event, 'web_url', 'event'));
  const timestamp = sentryTimestamp(requiredString(event, 'datetime', 'event'));
  const header = `**level:** ${level}\n**timestamp:** ${timestamp}\n`;
  if (hasKey(event, 'exception')) {
    const body = exceptionMessage(event, `\n**New exception:** [${title}](${webLink})\n\`\`\`quote\n${header}`, platform);
    return { topic: title, content: body };
  }
  if (hasKey(event, 'logentry')) {
    return { topic: title, content: `\n**New message event:** [${title}](${webLink})\n\`\`\`quote\n${header}\`\`\`\n` };
  }
  return { unsupported: 'unknown-event type' };
}
